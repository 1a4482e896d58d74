"""Linked battles: a campaign or league in which one battle shapes the next (OtH p.50)."""
