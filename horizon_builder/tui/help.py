"""The help screen (F1 or ?): how to build a force, and every key."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown

from horizon_builder.tui.common.guard import Guarded
from horizon_builder.tui.common.keys_footer import KeysFooter
from horizon_builder.tui.keymap import keymap_help, with_keys

#: the guide; ``{binding.id}`` is the player's keys for it (their [keymap], else the default)
HELP = """\
# horizon-builder

Build a *Horizon Wars* battlegroup (or a tournament Task Force) and see at
once what it costs and whether it is legal.

## Build a force in four steps

1. **Settings** ({roster.settings}): name, the **FC budget** agreed for the game, the
   supplements in play and the era.
2. **Add elements** ({roster.add}): pick a type, set its Presence (P), stats and
   upgrades. The header shows FC spent against the budget as you go.
3. **Command** ({roster.command}): choose the CHQ (or AI Command, alpha, hivemind) and
   spend Command Resources.
4. **Fix the findings**: the panel at the bottom lists every error and
   warning with the rule it comes from. Press **Enter** on one to jump to
   the element and field to change; on "over the budget" it lists the
   elements to cut (✓ where the force then fits). When the header says **✓ LEGAL**, you
   are done: save ({app.save}) and export or print it ({roster.export}).

## The header

| Figure | Meaning |
|---|---|
| FC | Force Cost spent / budget; the bar turns red when over |
| FP | Force Presence (sum of P) |
| CR | Command Resources spent / available |
| IR | Intelligence Rating = 10 × (1 − FP/FC), its quality; a campaign adds its adjustment (`-3 +3`) |
| Deploy | deployment spaces |
| Momentum | starting momentum |
| ✓ / ✗ | the verdict: LEGAL, or how many errors and warnings |

**≈** marks a figure or finding that rests on a *provisional* value: a core
rule we could not read in a book we hold. Check it against your rulebook
and enter it once in the Rules screen ({app.rules}): every roster then uses it.

Select an element to see its FC, pool and special rules explained on the
line under the list. Hover a figure for how it is worked out. A list opened
from a campaign has a **Record** column: battles fought / times destroyed.

## Keys

| Key | Action |
|---|---|
| {roster.add} | add an element |
| `Enter` / {roster.edit} | edit the selected element (or fix the selected finding) |
| {roster.duplicate} | duplicate the selected element |
| {roster.delete} | delete the selected element: it asks below the list (`y`/`Enter` deletes, `Esc` keeps) |
| {roster.move_up}, {roster.move_down} | move the element up / down |
| {roster.command} | command: CHQ, CR, weird command |
| {roster.settings} | roster settings |
| {roster.rounds} | tournament rounds of a Task Force: each round's battlegroup, CHQ, CR, losses |
| {roster.copies} | several copies of the selected element at once ({roster.duplicate}: one) |
| {roster.export} | export / print |
| {app.copy_list} | copy the list as text, or as a share code for a chat ({app.open} opens a pasted code) |
| {app.rules} | rules in force: every value, its source; enter the core book's values once |
| `Home` / `End` | the first / last element |
| `Tab` | move between the element list and the findings |
| {app.undo} / {app.redo} | undo / redo any edit |
| {app.save} | save; {roster.save_as} save as |
| {app.open} | open a roster; {app.new} new roster |
| {app.palette} | command palette: every action by name |
| {app.theme} | light / dark theme (any theme: "Change theme" in the palette; remembered) |
| {app.help} | this help |
| `ctrl+q` | quit (asks to save changes) |

The mouse works everywhere: click a row to select it, click it again to
edit; click a finding to fix it; click the keys in the footer. Keys typed
while a screen opens are kept for it: type ahead as fast as you like.

## In the editors

| Where | Keys |
|---|---|
| Add element | type to filter, `↑` / `↓` choose, `Enter`; then `−` / `+` (or digits) for P and `Enter` adds |
| Element editor | `↑` / `↓` between rows (name, P, stats, upgrades, findings), `←` / `→` between stats |
| a number | `−` / `+`, or type digits and `Enter`; `Enter` alone goes on to the next |
| upgrades | `Enter` takes or drops, `+` / `−` change the count, `ctrl+t` shows every upgrade with why not |
| upgrade search | type letters to list the upgrades by name; `Backspace`, `Esc` clears |
| metaforms | **+ Form** (`ctrl+o`) adds one, `[` / `]` switch between the base and its forms |
| Command | `Tab` to the next list, `Enter` chooses (or says why not), then who leads |
| Rounds ({roster.rounds}) | `a` add, `d` repeat one (less the benched), `e` rename, `Delete`, `[`/`]` move |
| a round's battlegroup | `g` suggests the best legal ones (most FP, least FP, an IR), `Enter` takes one |
| a round's elements | `space` / `Enter` field it, `x` destroyed (benched later), `h` its CHQ |
| any editor | `ctrl+l` the findings, `Esc` back to the roster |

## Organising an event

From the palette ({app.palette}): **Organiser: judge a folder of lists** shows every
list in a folder judged by an event preset, live as files change (click a column
to sort, `Enter` views a list, `x` writes the table); **Run an event** shows an
event file's standings and rounds (`p` pairs the next round, `r` enters a
result, `x` writes the standings). From the shell: `horizon-builder --event
oth-tournament lists/` and `horizon-builder --tournament club.toml`.

## Files

In the Open dialog ({app.open}), {open.library} shows the library of the folder on
screen: every roster with its kind, FC, verdict and date, searchable; `Enter`
opens one, `n` duplicates it as a new list.

Rosters are TOML files you can read and edit by hand. Saving replaces the
file safely and keeps the previous version as `NAME.toml.bak`. A file that
cannot be loaded is shown with each problem's line and key, and is never
overwritten.
"""


class HelpScreen(Guarded, ModalScreen[None]):
    """Keys and a short guide; Escape, q or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Close", key_display="esc"),
    ]

    def __init__(self, keymap: dict[str, str] | None = None) -> None:
        super().__init__()
        self.keymap = keymap or {}  #: the user's keys (binding id → keys), as applied

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box") as box:
            box.border_title = "Help"
            with VerticalScroll(id="help-scroll"):
                yield Markdown(with_keys(HELP, self.keymap, markdown=True) + "\n"
                               + keymap_help(self.keymap), id="help-text")
            yield Button("Close", id="close", variant="primary", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
