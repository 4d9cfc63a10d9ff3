"""The rules of the game, one test module per rule module of the engine."""
