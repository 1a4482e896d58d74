"""Reading and writing files: TOML read with the place of every problem, TOML written back
keeping the user's comments and layout, atomic writes, the shipped data's folders and the
roster files a command line names."""
