"""Text as a player reads it: counts and articles ("2 rounds", "an Airship"), and names from
files made safe to show (no terminal control sequences, no forged lines)."""
