"""The handheld's app: screens, buttons, LEDs and sound over a ``dws_hw``
hardware object.  It imports no board, pin or driver module itself."""
