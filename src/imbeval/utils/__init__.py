"""Utilities of the library that the reproduction uses too: atomic file writing
(:mod:`.io`), tables as CSV and Markdown (:mod:`.tables`), figures (:mod:`.plot`), per-job
seeds (:mod:`.seeds`), user code by import path (:mod:`.plugins`), HTML pieces
(:mod:`.html`)."""
