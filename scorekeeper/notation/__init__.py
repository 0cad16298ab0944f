"""Text people type and read: the round line, players' names, numbers."""
