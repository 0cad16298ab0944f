"""Text people type and read: the round line, the play line, players' names, numbers."""
