"""The shell: what every window and document of the studio shares (app, documents, files, prompts)."""
