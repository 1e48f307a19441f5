"""Where records are written (app/saves.py): refused before a game, in words, never a traceback."""

from __future__ import annotations

import pytest

from machiavelli.app.saves import check_writable
from machiavelli.core.errors import RecordError


def test_a_folder_name_the_system_refuses_is_a_record_error(tmp_path):
    too_long = tmp_path / ("a" * 300) / "game.json"  # longer than any file system allows for one name
    with pytest.raises(RecordError) as caught:
        check_writable(too_long)
    assert caught.value.code == "cannot-write" and caught.value.params["file"] == str(too_long)


def test_a_missing_folder_is_refused_and_a_new_file_in_a_real_one_is_fine(tmp_path):
    with pytest.raises(RecordError) as caught:
        check_writable(tmp_path / "nowhere" / "game.json")
    assert caught.value.params["why"] == "no-such-folder"
    check_writable(tmp_path / "game.json")  # nothing there yet: nothing to lose
