"""The studio's shell: what every window shares (application, windows base, files, prompts, settings)."""
