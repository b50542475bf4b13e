"""Developer tools that run on the desktop (never shipped to the device)."""
