#!/usr/bin/env bash
# tests/fuzz/seeds.sh — (re)generate the seed corpora tests/fuzz/corpus/NAME/
# from the artefact's own tools, in the input layout of each harness
# (tests/fuzz/NAME.c).  Needs `make all` first.
#
#   bash tests/fuzz/seeds.sh [BIN]      (BIN default build/bin)
#
# Seeds are small on purpose: the fuzzer mutates them many times a second.
set -eu
cd "$(dirname "$0")/../.."
BIN=${1:-build/bin}
C=tests/fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p $C/{subcube,pairgrid,drat,cubic7,sgsolve,lattice,checkpoint,input,certcheck,pgd}

# subcube: "N K" then a strategy file written by hypercube-pvalues/-pnew --certs
"$BIN"/hypercube-pvalues --certs "$tmp/pv" --out "$tmp/pv.tsv" >/dev/null 2>&1
"$BIN"/hypercube-pnew --profile quick --max-n 5 --plain-max-n 5 --verify-max 8 \
  --certs "$tmp/pn" --out "$tmp/pn.tsv" >/dev/null 2>&1
for f in "$tmp"/pv/*.pairs "$tmp"/pn/*.pairs; do
  b=$(basename "$f" .pairs) n=${b#q}; n=${n%_*} k=${b#*_}
  src=$(basename "$(dirname "$f")")
  { echo "$n $k"; cat "$f"; } >$C/subcube/$src-$b
  { echo "$n $((k > 1 ? k - 1 : k))"; cat "$f"; } >$C/subcube/$src-$b-unblocked
done

# drat: formula, NUL, proof: the refutations hypercube-pnew --certs writes
for f in "$tmp"/pn/*.cnf; do
  b=$(basename "$f" .cnf)
  { cat "$f"; printf '\0'; cat "$tmp/pn/$b.drat"; } >$C/drat/pnew-$b
  { cat "$f"; printf '\0'; } >$C/drat/pnew-$b-noproof
done

# pairgrid and cubic7: doc/certificates.md's board and one of each case, as arguments
# (cubic7) and as the grid cubic7-pairing prints (pairgrid)
i=0
for moves in "4,4,4 1,2,3 7,7,7 1,1,2" "1,1,1 2,2,2 3,3,3" "1,1,1 7,7,7 2,3,4" \
             "4,1,1 1,4,7 7,7,1" "--case=other 1,1,2 4,3,2 5,5,5"; do
  i=$((i + 1))
  printf '%s\n' $moves >$C/cubic7/board$i
  # shellcheck disable=SC2086
  "$BIN"/cubic7-pairing $moves >$C/pairgrid/cubic7-board$i 2>/dev/null || true
  [ -s $C/pairgrid/cubic7-board$i ] || rm -f $C/pairgrid/cubic7-board$i
done
printf 'pairgrid n=3 d=2 pairs=2\n1 1 X\nO 2 2\n. . .\n' >$C/pairgrid/small2d

# sg-solve and lattice-pairing: doc/certificates.md's commands, and a few more
printf '4\n1,2\n8\n0,1,1,1' >$C/sgsolve/readme
printf '3\n2\n5\n1,2,3' >$C/sgsolve/n3
printf '5\n1,3,5\n2' >$C/sgsolve/n5
printf '1,0;0,1;1,1;1,-1' >$C/lattice/readme
printf '1,0;0,1;1,1;1,-1\n7' >$C/lattice/seed
printf '1,0,0;0,1,0;0,0,1' >$C/lattice/d3
printf '1,2;2,1' >$C/lattice/two

# checkpoint: files cubic-casework7 writes when stopped after 2 and 8 units
for n in 2 8; do
  "$BIN"/cubic-casework7 --profile quick --checkpoint "$tmp/c7-$n.ckpt" --stop-after $n \
    --out "$tmp/c7.tsv" >/dev/null 2>&1 || true
  cp "$tmp/c7-$n.ckpt" $C/checkpoint/casework7-$n
done

# input: selector byte, then text
printf '\x00-9223372036854775808' >$C/input/int64min
printf '\x81+0000000000000000007\n\tabc\r\n' >$C/input/plus
printf '\x42caf\xc3\xa9 \xe2\x80\xa8 line\n' >$C/input/utf8
printf '\xf0x\x01y\x7f' >$C/input/control
echo "seeds: $(find $C -type f | wc -l) files in $C"

# strategy: a board spec, then a strategy certificate of solve --cert (and one
# with a node kind the reader does not know)
mkdir -p $C/strategy
for b in 3^3 mnk:4,4,3 mnk:5,4,4; do
  "$BIN"/makerbreaker solve "$b" --cert "$tmp/s.cert" >/dev/null 2>&1
  { echo "$b"; cat "$tmp/s.cert"; } >"$C/strategy/solve-$(echo "$b" | tr ':^,' '___')"
done
"$BIN"/makerbreaker solve mnk:4,4,3 --breaker-first --cert "$tmp/s.cert" >/dev/null 2>&1
{ echo mnk:4,4,3; cat "$tmp/s.cert"; } >$C/strategy/solve-mnk_4_4_3-bfirst
sed 's/^m 2,2,2$/Z 2,2,2/' $C/strategy/solve-3_3 >$C/strategy/unknown-node
# certcheck: "SPEC", then a certificate: strategies whose trees hold every
# node kind (m b F B M T P E S and perm lines; W and D written by hand, the
# solver ends those lines earlier) and every pairing result
M="$BIN"/makerbreaker
while read -r name spec first after; do
  a=()
  [ "$first" = b ] && a+=(--breaker-first)
  [ -n "$after" ] && a+=(--after "$after")
  "$M" solve "$spec" "${a[@]}" --cert "$tmp/$name.cert" >/dev/null 2>&1 || true
  [ -s "$tmp/$name.cert" ] && { echo "$spec"; cat "$tmp/$name.cert"; } >$C/certcheck/strategy-$name
done <<'EOF'
s1 3^3 m
s2 4^2 m
s5 mnk:4,4,3 b
s7 mnk:5,4,4 b
s9 torus:4,4 b
s11 qcube:4,2 b
s13 mnk:3,3,3 b
s14 mnk:1,8,3 m
s16 mnk:4,3,3 b
s17 mnk:5,5,4 m
s18 mnk:4,4,4 m M:1,1 B:2,2
s19 3^2 m M:2,2 B:1,1
EOF
printf '3^2\nmakerbreaker strategy 1\nboard 3^2\nsize 9 8\nmoves M:1,1 B:1,2 M:2,1 B:2,2\ntomove maker\nwinner maker\ncells 1,1 2,1 3,1 1,2 2,2 3,2 1,3 2,3 3,3\nnodes 2\nm 3,1\nW\nend\n' >$C/certcheck/strategy-W
printf 'mnk:3,1,2\nmakerbreaker strategy 1\nboard mnk:3,1,2\nsize 3 2\nmoves B:2,1 M:1,1\ntomove breaker\nwinner breaker\ncells 1,1 2,1 3,1\nnodes 1\nD\nend\n' >$C/certcheck/strategy-D
pc() { # pc NAME SPEC ARGS...: a pairing certificate
  n=$1 spec=$2
  shift 2
  "$M" pairing "$spec" "$@" --out "$tmp/$n.cert" >/dev/null 2>&1 || true
  { echo "$spec"; cat "$tmp/$n.cert"; } >$C/certcheck/$n
}
pc private-pairing 5^2
pc hall 4^2
pc shared-pairing qcube:4,2 --kind shared
pc refutation qcube:5,2 --kind shared
pc private-after 7^3 --after "M:4,4,4 B:5,5,5 M:1,2,3 B:6,2,6"

# pgd: PGD files written by export --pg (a position, both sides first)
"$BIN"/makerbreaker export mnk:4,4,3 --pg --after "M:2,2 B:3,3" --maker-moves 3 >$C/pgd/mnk443-position
"$BIN"/makerbreaker export 3^3 --pg --breaker-first --maker-moves 2 >$C/pgd/cube3-breaker-first
