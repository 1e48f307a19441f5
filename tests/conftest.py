import pytest

from machiavelli_app.library import load_variant


@pytest.fixture(scope="session")
def bga():
    return load_variant("bga")
