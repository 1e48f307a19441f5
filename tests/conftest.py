import pytest

from machiavelli.app import glossary

from machiavelli.core import i18n
from machiavelli.app.library import load_variant


@pytest.fixture(autouse=True)
def back_to_english():
    """Language and card style are process-wide: every test starts and ends
    in English with suit symbols, and with no catalog misses recorded."""
    i18n.clear_misses()
    yield
    i18n.use_language("en", environ={})
    glossary.set_ascii(False)
    i18n.clear_misses()


@pytest.fixture(scope="session")
def bga():
    return load_variant("bga")
