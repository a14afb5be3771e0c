# mk/wiring.awk — figures/wiring.tab rows as make assignments, spaces as ~
# (mk/wiring.mk evaluates them).
/^#/ || NF < 3 { next }
{
  k = $1 == "args" ? "ARGS" : $1 == "data" ? "FIGDATA" : $1 == "from" ? "FIGFROM" : $1 == "src" ? "FIGSRC" : ""
  if (k == "") { print "wiring.tab: unknown kind " $1 > "/dev/stderr"; next }
  v = k "_" $2 "~:=~" $3
  gsub(/ /, "~", v)
  print v
}
