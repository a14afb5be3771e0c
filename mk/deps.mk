# mk/deps.mk — the Debian packages the artefact needs and `make deps` (included by the Makefile).

# Debian packages the artefact needs (README.md, "The two commands").
DEBS := gcc g++ make pkg-config libglib2.0-dev gnuplot-nox texlive-latex-base \
        texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended \
        latexmk lmodern libigraph-dev libcadical-dev poppler-utils \
        openmpi-bin libopenmpi-dev time libjson-glib-dev tmux jq xz-utils
# and the ones only `make check` needs: a one-node Slurm for tests/e2e/slurm.sh
# (tests/cluster/slurm-up.sh), mandoc to lint the man pages and man-db's man
# to render the installed ones (tests/e2e/man_pages.sh, install.sh), and
# DepQBF, the peer solver of tests/e2e/qbf_crosscheck.sh and `make
# bench-peers`; `make reproduce` runs without them
CHECK_DEBS := slurm-wlm munge mandoc man-db depqbf

deps:
	@missing=$$(for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	done | tr '\n' ' '); \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages present"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "deps: installing $$missing"; \
	  apt-get update -q >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	else \
	  echo "deps: missing Debian packages: $$missing"; \
	  echo "deps: run as root:  apt-get install -y --no-install-recommends $$missing"; \
	  exit 1; \
	fi

