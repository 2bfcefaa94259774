from vtes_desktop.cli import main

raise SystemExit(main())
