"""The studio's shell: the application, its windows' common parts, files, prompts and settings."""
