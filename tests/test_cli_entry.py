"""The ``studio`` entry point: commands, files for the editor, and mistakes (exit 2)."""

import sys
import types

import pytest

from studio import cli


@pytest.fixture
def editor(monkeypatch):
    """Replace the editor's entry point; records the arguments it was started with."""
    calls = []
    fake = types.ModuleType("studio.gui.app")
    fake.main = lambda argv: calls.append(list(argv)) or 0
    monkeypatch.setitem(sys.modules, "studio.gui.app", fake)
    return calls


@pytest.mark.parametrize("word, hint", [
    ("valdiate", "validate"), ("playtset", "playtest"), ("rendr", "render"), ("swep", "sweep"),
    ("Validate", "validate"),
])
def test_misspelt_command_is_refused_with_a_suggestion(word, hint, editor, capsys):
    assert cli.main([word, "boards"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == f"studio: unknown command {word!r} (did you mean {hint!r}?)"
    assert "studio validate PATH" in err  # the usage follows
    assert editor == []


def test_unknown_word_without_a_close_command(editor, capsys):
    assert cli.main(["frobnicate"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == "studio: unknown command 'frobnicate'"
    assert editor == []


@pytest.mark.parametrize("word", ["edit", "open", "Edit"])
def test_a_word_for_opening_says_a_file_opens_without_one(word, editor, capsys):
    # trial: "studio edit FILE" said only "unknown command 'edit'"
    assert cli.main([word, "boards/realm/volcano-2p.yaml"]) == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        f"studio: unknown command {word!r} (to open a file in its editor: studio FILE)")
    assert editor == []


def test_folder_is_not_opened_as_a_file(tmp_path, editor, capsys):
    assert cli.main([str(tmp_path)]) == 2
    assert "is a folder; give a file to open" in capsys.readouterr().err
    assert editor == []


def test_existing_file_opens_the_editor(tmp_path, editor):
    board = tmp_path / "my-board"          # no suffix, but it exists: a file
    board.write_text("format: realm-board/1\n")
    assert cli.main([str(board)]) == 0
    assert editor == [[str(board)]]


@pytest.mark.parametrize("name", ["new-board.yaml", "x.YML", "cards.json"])
def test_content_suffix_opens_the_editor_even_when_missing(name, editor):
    # the editor reports a missing file itself
    assert cli.main([name]) == 0
    assert editor == [[name]]


def test_no_argument_opens_the_editor(editor):
    assert cli.main([]) == 0
    assert editor == [[]]


def test_editor_takes_one_file(editor, capsys):
    assert cli.main(["a.yaml", "b.yaml"]) == 2
    assert "the editor opens one file, got 2 arguments" in capsys.readouterr().err
    assert editor == []


def test_unknown_option(editor, capsys):
    assert cli.main(["--bogus"]) == 2
    assert capsys.readouterr().err.startswith("studio: unknown option '--bogus'")


def test_help_lists_every_command(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in cli.COMMANDS:
        assert f"studio {command} " in out
    # render and the editor take every kind of content, not only boards (docs/rivages.md)
    render = next(line for line in out.splitlines() if "studio render " in line)
    assert "studio render FILE -o OUT" in render and "island" in render and "card set" in render
    assert "island" in out.splitlines()[0] and "tree" in out.splitlines()[0]


def test_commands_still_dispatch(capsys):
    assert cli.main(["validate", "--help"]) == 0
    assert "usage: studio validate" in capsys.readouterr().out


def test_editor_verbose_flag_before_a_command_is_refused_plainly(editor, capsys):
    assert cli.main(["-v", "validate", "boards"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith("studio: -v is the editor's option; give a command's options after it")
    assert editor == []


def test_ctrl_c_before_a_command_handles_it_ends_quietly_with_130(monkeypatch, capsys):
    # found by a fresh-user trial: Ctrl+C 0.1-0.35 s after `studio balance` started printed a
    # KeyboardInterrupt traceback from the command's imports
    import importlib

    def interrupted(name, *args):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib, "import_module", interrupted)
    assert cli.main(["balance", "jungle-temples"]) == 130
    err = capsys.readouterr().err
    assert err == "studio balance: interrupted\n"


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM and SIGHUP")
@pytest.mark.parametrize("signame, status", [("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_stop_signal_sets_the_exit_status_as_for_a_killed_process(signame, status, monkeypatch, capsys):
    # every command said 130 for any stop; a script tells SIGTERM from Ctrl+C by the status
    import signal

    from studio.playtest.cli import terminate_as_interrupt

    def run(argv):
        with terminate_as_interrupt():   # as the batch commands take SIGTERM and SIGHUP
            try:
                signal.raise_signal(getattr(signal, signame))
            except KeyboardInterrupt:
                return 130               # what a command returns when stopped
        return 0

    monkeypatch.setattr(cli, "_main", run)
    # as at a terminal (a CI run under nohup has SIGHUP ignored, and the studio leaves it so)
    old = {sig: signal.signal(sig, handler) for sig, handler in ((signal.SIGINT, signal.default_int_handler),
                                                                 (signal.SIGTERM, signal.SIG_DFL),
                                                                 (signal.SIGHUP, signal.SIG_DFL))}
    try:
        assert cli.main(["playtest", "jungle-temples"]) == status
        monkeypatch.setattr(cli, "_main", lambda argv: 130)   # the next run starts afresh: no signal, 130
        assert cli.main(["playtest", "jungle-temples"]) == 130
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_the_command_line_takes_ctrl_c_as_waiting_for_an_import_under_way(monkeypatch):
    import signal

    from studio.console import ctrl_c_waits_for_imports, interrupt_handler

    before = signal.signal(signal.SIGINT, signal.default_int_handler)   # as at a terminal
    try:
        with ctrl_c_waits_for_imports():
            assert signal.getsignal(signal.SIGINT) is interrupt_handler
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # ignored (a background job): left alone
        with ctrl_c_waits_for_imports():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
