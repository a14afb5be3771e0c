# paper/fmt.sh — awk functions that the report's generators share (sourced by
# paper/atlas.sh, atlas-open.sh, atlas-rerun.sh and tables.sh, which put
# "$FMT" in front of their awk programs):
#   grp(s)   a whole number of five or more digits with thin spaces between
#            groups of three (12345 -> 12\,345); anything else as it is
#   when(t)  the hour and minute of a UTC time stamp
#            (2026-11-27T20:57:18Z -> 20:57)
FMT='function grp(s,   t) { s = s ""; if (s !~ /^[0-9][0-9][0-9][0-9][0-9]+$/) return s
    t = ""; while (length(s) > 3) { t = "\\," substr(s, length(s) - 2) t; s = substr(s, 1, length(s) - 3) }
    return s t }
  function when(t) { return substr(t, 12, 5) }
'
