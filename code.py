"""Device entry point: ``dws_main`` (lib/dws_main.py) detects the board,
builds its hardware profile and runs the app.  Short, because the firmware
compiles this file at every start."""

try:
    import supervisor
except ImportError:
    # Not a board: this file was imported on a desktop, where the repository
    # root shadows the standard library's ``code`` (pdb imports it). Do nothing.
    supervisor = None

if supervisor is not None:
    from dws_main import main
    main()
