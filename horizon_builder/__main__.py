from horizon_builder.cli import main

raise SystemExit(main())
