"""What a seat's view tells of the game's story: the whole game's public log
(``log``), each other seat's last move (``others[].last``), and how a move
that ends the seat's turn ended it (a draw, a restore's penalty) in the answer."""

from __future__ import annotations

from web_support import act, app, client, folders, new_game, view  # noqa: F401


def test_the_log_holds_every_move_of_the_game_not_only_since_the_last_turn(client):
    game = new_game(client, "one-deck", ["human", "friend"], 3)
    for _ in range(4):
        assert act(client, game, 0, "draw").status_code == 200
        assert act(client, game, 1, "draw").status_code == 200
    seen = view(client, game, 0)
    log = seen["log"]
    assert [e["seat"] for e in log if e["text"].startswith("Player 1 draws")] == [0] * 4
    assert len(log) > len(seen["since"])  # the seat's own moves and the earlier turns too
    assert all(set(e) == {"seat", "turn", "text"} and e["text"] for e in log)
    last = next(e["text"] for e in reversed(log) if e["seat"] == 1)
    assert seen["others"][0]["last"] == last == "Player 2 draws 1 card."
    # The other seat reads the same story.
    assert [e["text"] for e in view(client, game, 1)["log"]] == [e["text"] for e in log]


def test_a_new_game_has_an_empty_log_and_nothing_done_by_the_others(client):
    game = new_game(client, "one-deck", ["human", "random"], 3)
    seen = view(client, game, 0)
    assert seen["log"] == [] and seen["others"][0]["last"] == ""


def test_a_draw_says_so_in_the_answer(client):
    game = new_game(client, "one-deck", ["human", "random"], 3)
    answer = act(client, game, 0, "draw")
    assert answer.json()["messages"] == ["Player 1 draws 1 card."]


def test_restore_does_not_end_the_turn_silently(client):
    game = new_game(client, "bga", ["human", "club"], 3)  # the computer opened: meld 1 is on the table
    assert act(client, game, 0, "take 1").json()["messages"] == []  # a move within the turn: nothing to say
    answer = act(client, game, 0, "restore")
    assert answer.status_code == 200
    (line,) = answer.json()["messages"]
    assert line.startswith("Player 1 restores the table and draws")


def test_the_answer_speaks_the_seats_language(client):
    game = new_game(client, "one-deck", ["human", "random"], 3)
    answer = act(client, game, 0, "draw", lang="it")
    (line,) = answer.json()["messages"]
    assert "Player" not in line and line
