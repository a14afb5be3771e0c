#!/usr/bin/env bash
# makerbreaker play in a real terminal: tmux runs the program in a detached
# pane of its own server (socket in $tmp), the test types moves with
# send-keys and reads the screen with capture-pane.  On 3^3 (Maker wins,
# the program is Maker) a taken cell is refused and asked again, an
# unknown cell too, a full game ends with Maker completing a line and
# exit 0.  Without a terminal: on mnk:5,4,4 (Breaker wins) every cell typed
# in turn (taken ones refused) ends with Breaker winning; a rejected
# certificate exits 1 before any board is drawn; bad input exits 2.
. "$(dirname "$0")/lib.bash"
M=$PWD/$BIN/makerbreaker
[ -x "$M" ] || die "makerbreaker not built"
command -v tmux >/dev/null || die "tmux is missing (make deps installs it)"
$M help play | grep -q 'Play against the certified strategy' || die "help play"
$M solve 3^3 --cert "$tmp/3.cert" >/dev/null || die "solve 3^3"
$M solve mnk:5,4,4 --cert "$tmp/5.cert" >/dev/null || die "solve mnk:5,4,4"

T="tmux -S $tmp/tmux.sock"
trap '$T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
$T -f /dev/null new-session -d -s play -x 100 -y 60 \
  "$M play 3^3 $tmp/3.cert; echo EXIT=\$?; sleep 60" || die "tmux did not start"
screen() { $T capture-pane -p -t play -S -200; }
# wait until the screen holds the n-th copy of a pattern
await() {
  for _ in $(seq 100); do
    [ "$(screen | grep -c -- "$1")" -ge "$2" ] && return 0
    sleep 0.1
  done
  screen | tail -n 20
  die "the screen never showed '$1' ($2 times)"
}
key() { $T send-keys -t play "$1" Enter; }
await 'your move (Breaker):' 1
screen | grep -q 'Maker plays 2,2,2' || die "the program did not open with 2,2,2"
key 2,2,2
await 'is taken; try again' 1
key 7,7,7
await 'is off the board' 1
key 1,1,1
await 'you play 1,1,1' 1
await 'your move (Breaker):' 4
key 1,3,3
await 'your move (Breaker):' 5
key 1,1,3
await 'EXIT=' 1
screen >"$tmp/screen"
grep -q 'Maker has completed the set' "$tmp/screen" || { cat "$tmp/screen"; die "no win announced"; }
grep -q 'EXIT=0' "$tmp/screen" || die "play did not exit 0"
# the board is drawn after each move: the last drawing has Maker's 4 cells and Breaker's 3
last=$(grep -n 'Maker plays' "$tmp/screen" | tail -n 1 | cut -d: -f1)
tail -n +"$last" "$tmp/screen" | sed -n 2,5p >"$tmp/board"
[ "$(grep -o X "$tmp/board" | wc -l)" -eq 4 ] || { cat "$tmp/board"; die "the final board lacks Maker's 4 cells"; }
[ "$(grep -o O "$tmp/board" | wc -l)" -eq 3 ] || { cat "$tmp/board"; die "the final board lacks Breaker's 3 cells"; }
echo "  tmux: a 3^3 game against Maker, taken and off-board cells refused, Maker wins"

# Breaker's side from a pipe: Maker types every cell in turn
cells=$(for y in 1 2 3 4; do for x in 1 2 3 4 5; do echo "$x,$y"; done; done)
echo "$cells" | $M play mnk:5,4,4 "$tmp/5.cert" >"$tmp/out" || die "play mnk:5,4,4"
grep -q 'Breaker wins after' "$tmp/out" || { tail "$tmp/out"; die "Breaker did not win"; }
grep -q 'Maker has completed' "$tmp/out" && die "Maker completed a set against the certified Breaker"
echo "  pipe: Maker typing every cell in turn on mnk:5,4,4 loses"
# a rejected certificate, a pairing certificate, bad input
sed 's/^m 2,2,2$/m 1,1,1/' "$tmp/3.cert" >"$tmp/bad"
echo 1,1,1 | $M play 3^3 "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || die "a rejected certificate: not exit 1"
[ ! -s "$tmp/out" ] || die "a rejected certificate: something was played"
grep -q 'rejects' "$tmp/err" || die "no rejection message"
$M pairing 9^3 --out "$tmp/9.cert" >/dev/null
exit2 "not a strategy certificate" $M play 9^3 "$tmp/9.cert"
exit2 "give BOARD and CERT" $M play 3^3
exit2 "unknown option" $M play 3^3 "$tmp/3.cert" --depth 2
exit2 "No such file" $M play 3^3 "$tmp/none"
# E7: a move is a whole line, however long (1021 blanks then 1,1,1 was split
# into "1" and ",1,1" at the 1023-byte mark), and a NUL byte is refused
# rather than ending the move early
(printf '%*s1,1,1\n' 1021 ''; printf 'quit\n') | $M play 3^3 "$tmp/3.cert" >"$tmp/long.out" 2>&1
grep -q 'you play 1,1,1' "$tmp/long.out" || die "a long input line was not read as one move"
! grep -q 'try again' "$tmp/long.out" || die "a long input line was split: $(grep 'try again' "$tmp/long.out")"
(printf '1,1,1\0junk\nquit\n') | $M play 3^3 "$tmp/3.cert" >"$tmp/nul.out" 2>&1
grep -q 'NUL byte' "$tmp/nul.out" || die "a NUL byte in a move was not refused"
! grep -q 'you play 1,1,1' "$tmp/nul.out" || die "the move before a NUL byte was played"
echo "  play: long lines whole, NUL refused"
