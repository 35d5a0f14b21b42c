"""The routes of ``solver serve``, one router per concern: the games' HTTP API (:mod:`.games`),
review (:mod:`.review`), the arrangements page's API (:mod:`.arrange`), the HTML pages
(:mod:`.pages`) and the game websocket (:mod:`.sockets`). :func:`solver.server.app.create_app`
includes them in this order; each route reaches the server's :class:`~solver.server.live.Manager`
through :func:`.common.manager_of`."""
