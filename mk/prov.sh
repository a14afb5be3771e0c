#!/bin/sh
# mk/prov.sh NAME START END COMMIT THREADS PROFILE EXIT > NAME.prov
#   the provenance record of one experiment run: header and one row
#   (seconds = END - START, finishing time now, in UTC).
awk -v n="$1" -v a="$2" -v b="$3" -v c="$4" -v t="$5" -v p="$6" -v r="$7" -v d="$(date -u '+%Y-%m-%d %H:%M:%S')" \
  'BEGIN { printf "experiment\tseconds\tfinished_utc\tcommit\tthreads\tprofile\texit\n";
           printf "%s\t%.2f\t%s\t%s\t%s\t%s\t%s\n", n, b - a, d, c, t, p, r }'
