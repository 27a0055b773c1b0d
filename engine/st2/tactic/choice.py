"""Schotten Totten 2 tactic variant: the legal steps of the action card being carried out
(engine.st2.tactic.steps applies them; docs/RULES.md, "Tactic variant"). Kept apart from legal and
steps so that each compiles in a smaller heap on the board."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_NTILES = const(7)
_NSIEGE = const(60)
_REDEPLOYMENT = const(64)
_ACTIONS = const(64)
_RECRUITMENT = const(65)
_DESERTION = const(66)
_EXPLOSION = const(68)
_SUPPORT = const(69)
_EXCHANGE = const(70)
_TARGET_CARD = const(650)
_TARGET_TILE = const(722)
_TARGET_DISCARD = const(729)


def step_moves(st):
    """The legal steps of the action card being carried out (sorted)."""
    a = st.act
    n = st.nstep
    p = st.turn_player()
    if a == _EXCHANGE:
        # Cards are chosen in increasing order: a set of three, not a sequence.
        o, made = st.exchange_picks()
        last = st.pick[o + made - 1] if made else -1
        cands = [c for c in sorted(st.hand_of(st.to_move)) if c > last]
        keep = len(cands) - (st.xk - made - 1)
        return [_TARGET_CARD + c for c in cands[:keep]]
    if a == _EXPLOSION:
        return [_TARGET_TILE + t for t in range(_NTILES) if st.cnt[t * 2] or st.cnt[t * 2 + 1]]
    if a == _SUPPORT:
        cs = st.discard()
        if n:
            return [_TARGET_CARD + c for c in cs if c > st.pick[0]]
        return [_TARGET_CARD + c for c in cs[:-1]]
    if n == 0:
        if a == _RECRUITMENT:
            cs = st.discard(_ACTIONS)
        else:
            cs = st.wall_cards(p if a == _REDEPLOYMENT else p ^ 1)
        return [_TARGET_CARD + c for c in cs]
    if a == _DESERTION:
        return []
    tiles = st.open_tiles(p)
    if a == _REDEPLOYMENT:
        src = st.find(st.pick[0])[0] >> 1
        out = [_TARGET_TILE + t for t in tiles if t != src]
        out.append(_TARGET_DISCARD)
        return out
    return [_TARGET_TILE + t for t in tiles]
