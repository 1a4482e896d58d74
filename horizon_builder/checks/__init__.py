"""Building checks, one module per chapter of the rules.

Importing this package registers every check with the validator.
"""

from horizon_builder.checks import (  # noqa: F401
    biowar,
    datawar,
    metaformers,
    mustering,
    solitaire,
    strategic_assets,
    superweapons,
    supplements,
    tournament,
    weird,
)
