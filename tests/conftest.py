import os

import pytest
from hypothesis import HealthCheck, settings

# Fuzzing profiles: the default is a short run for every test run (CI
# included); `pytest -m fuzz --hypothesis-profile=long` is the long run.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=20_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

from machiavelli.core import glossary

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


@pytest.fixture(autouse=True)
def own_configuration(tmp_path_factory, monkeypatch):
    """The user's configuration (``--cards``) is a fresh folder per test,
    never the real one; the choice of this run is forgotten after it."""
    from machiavelli.core import config
    from machiavelli.core import words
    from machiavelli.core import places

    monkeypatch.setenv(config.CONFIG_ENV, str(tmp_path_factory.mktemp("config")))
    # Nor the catalogs a translator keeps in their own folder.
    monkeypatch.setenv(places.LOCALES_ENV, str(tmp_path_factory.mktemp("own-locales")))
    config.forget_cache()
    words.reset_card_letters()
    yield
    config.forget_cache()
    words.reset_card_letters()


@pytest.fixture(scope="session")
def bga():
    return load_variant("bga")
