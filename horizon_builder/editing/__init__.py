"""Editing helpers behind the editor screens: what may be added, sensible defaults, pure edits.

Every edit is a pure function: it returns a new roster (or a new element for
:func:`change_element` / :func:`replace_element` to put in place) and never
changes its input; the session records the result with ``Session.commit``.

Nothing here imports Textual: the screens call these functions and show what
they return, so the rules about what a player may pick live in one place and
are tested without a terminal.

Whether an upgrade (or a command element, or a CR purchase) is *allowed* is
judged the way the validator judges it. Plain reasons come from the rules
data (eligibility, caps, needs/excludes, supplements, era ...); then the edit
is tried on a copy of the roster and validated, and any new error the
validator raises becomes the reason. So the picker and the findings cannot
disagree, even about checks that supplement modules add in code.

Form indexes here are 0-based list indexes into ``element.forms``; finding
fields name them 1-based (``forms[1].stats.M`` is ``form_index=0``).
"""

from horizon_builder.editing.command import (  # noqa: F401
    CommandCandidate,
    CommandChoice,
    CommandScope,
    WeirdRow,
    choose_command,
    command_abilities,
    command_candidates,
    command_options,
    lead,
    set_command,
    set_weird,
    weird_command_rows,
)
from horizon_builder.editing.common import (  # noqa: F401
    CATEGORY_LABELS,
    COMMAND_ABILITIES,
    COMMAND_KINDS,
    KIND_LABELS,
    PRESENCE_MAX,
    STAT_MAX,
    kind_label,
    new_errors,
    p_range_text,
    replace_element,
)
from horizon_builder.editing.cr import (  # noqa: F401
    CrGroup,
    CrRow,
    cr_groups,
    cr_left,
    set_cr_option,
    toggle_cr_purchase,
)
from horizon_builder.editing.elements import (  # noqa: F401
    AddableType,
    add_element,
    addable_types,
    balanced_stats,
    change_element,
    default_element,
    default_stats,
    delete_element,
    duplicate_element,
    fc_if_added,
    move_element,
    set_name,
    set_presence,
    set_stat,
    stat_bounds,
)
from horizon_builder.editing.forms import (  # noqa: F401
    add_form,
    can_have_forms,
    default_form,
    form_types,
    remove_form,
    set_form_type,
)
from horizon_builder.editing.rounds import (  # noqa: F401
    RoundElementRow,
    add_round,
    benched_before,
    delete_round,
    from_round_view,
    move_round,
    new_round_name,
    rename_round,
    repeat_round,
    round_element_rows,
    round_view,
    set_round_battlegroup,
    toggle_round_destroyed,
    toggle_round_element,
)
from horizon_builder.editing.upgrades import (  # noqa: F401
    BUDGET_CODES,
    UpgradeOption,
    add_upgrade,
    remove_upgrade,
    set_upgrade_option,
    set_upgrade_payment,
    upgrade_options,
)
