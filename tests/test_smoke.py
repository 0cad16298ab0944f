def test_out_vector_through_cli(sk):
    """RULES.md 2, vector (out): Masha +19, Olya +7, Serg +4; Masha goes out; Alex 3, Olya 13, Serg 5."""
    sk("new", "--rules", "goat", "Masha", "Alex", "Olya", "Serg")
    sk("round", "--out", "Alex", "--total", "Masha=12", "--total", "Olya=7", "--total", "Serg=4")
    sk("round", "--out", "Alex", "--total", "Masha=7", "--total", "Olya=1", "--total", "Serg=1")
    before = sk.json()
    assert [(s["score"], s["remembered"]) for s in before["sides"]] == [(0, 19), (0, 0), (0, 8), (0, 5)]
