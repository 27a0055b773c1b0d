"""Schotten Totten 2: the preparation actions (retreat, oil cauldron) and the Attacker's
declarations of control, applied to a State (engine.st2.state) after their checks."""

from engine.errors import IllegalMove
from engine.st2.cards import NTILES, name
from engine.st2.moves import ATTACKER, CAULDRON, DECLARE, DEFENDER, PH_DECLARE, PH_PLAY, RETREAT


def act(st, p, move, checked=()):
    """Apply a DECLARE, CAULDRON or RETREAT move of player p (IllegalMove, nothing changed).
    `checked`: (st.declare_check(tile),) when the caller has made the declaration's check."""
    if move < CAULDRON:
        declare(st, p, move - DECLARE, checked)
    elif move < RETREAT:
        cauldron(st, p, move - CAULDRON)
    else:
        retreat(st, p, move - RETREAT)


def _prep_check(st, p, who, what):
    if p != who:
        raise IllegalMove("only the %s may %s" % ("Attacker" if who == ATTACKER else "Defender", what))
    if st.phase != PH_PLAY:
        raise IllegalMove("a preparation action comes before playing a card")
    if st.prep:
        raise IllegalMove("one preparation action a turn: it is already taken")


def cauldron(st, p, t):
    _prep_check(st, p, DEFENDER, "throw an oil cauldron")
    if not st.oil:
        raise IllegalMove("no oil cauldron left (3 a game)")
    if not st.cnt[t * 2]:
        raise IllegalMove("tile %d: no Attacker card for the cauldron" % (t + 1))
    st.remove_card(t * 2, 0)  # the card closest to the tile: the first one played there
    st.oil -= 1
    st.prep = 1


def retreat(st, p, mask):
    _prep_check(st, p, ATTACKER, "retreat")
    if not mask:
        raise IllegalMove("a retreat names at least one tile")
    for t in range(NTILES):
        if mask >> t & 1 and not st.cnt[t * 2]:
            raise IllegalMove("tile %d: no Attacker card to retreat" % (t + 1))
    for t in range(NTILES):
        if mask >> t & 1:
            st.clear_side(t * 2)
    st.prep = 1


def declare(st, p, t, checked=()):
    if p != ATTACKER:
        raise IllegalMove("only the Attacker declares control")
    if st.phase != PH_PLAY and st.phase != PH_DECLARE:
        raise IllegalMove("declarations are made during the Attacker's turn")
    why = checked[0] if checked else st.declare_check(t)
    if why is not None:
        if isinstance(why, str):
            raise IllegalMove(why)
        if not why:
            raise IllegalMove("tile %d: the Defender's formation wins" % (t + 1))
        raise IllegalMove(
            "tile %d is not proven: the Defender could still add %s"
            % (t + 1, " ".join([name(c) for c in why]))
        )
    # "flip the tile over to show its Damaged side. If it is already on its Damaged side, or
    # if you flip over a 4th tile, proceed to the End of the Game. Then, discard all of the
    # cards played on both sides". Discarded at the end too, so no side is ever over the
    # count of the side it shows (the record keeps the winning formation).
    again = st.side[t]
    st.side[t] = 1
    st.clear_side(t * 2)
    st.clear_side(t * 2 + 1)
    if again or st.damaged() >= 4:
        st.win(ATTACKER)
        return
    if st.phase == PH_DECLARE and not st.declarable():
        st.end_turn(p)
