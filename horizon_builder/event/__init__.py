"""Events: tournaments run from the tool (OtH p.45-48)."""
