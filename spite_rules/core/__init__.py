"""Game-neutral machinery, below both games: the game protocol and its registry (:mod:`.engine`),
the door check on Python types (:mod:`.fields`), JSON (:mod:`.serialization`), game records
(:mod:`.record`), what search and learning need of a game (:mod:`.research`), bots that play any
game (:mod:`.bots`, :mod:`.search`), seeded shuffles (:mod:`.shuffling`), games spread over
processes or Ray (:mod:`.runners`), the narration's English (:mod:`.grammar`), dispute files'
reading (:mod:`.dispute_files`) and which build runs (:mod:`.build_info`).

Layer: core — knows no game: may import only the cards and the errors.

Nothing here knows a game: each game registers itself with :func:`.engine.register`.
"""
