"""The shell: what every window shares (desktop conventions, prompts, files, recent, recovery, the canvas view, icons)."""
