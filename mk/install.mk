# mk/install.mk — `make install` and `make uninstall` (included by the Makefile).
#
#   make install   [PREFIX=/usr/local] [DESTDIR=...]   makerbreaker and games-atlas, their
#                  man pages, libmakerbreaker.a and .so with the headers and makerbreaker.pc
#   make uninstall [PREFIX=...] [DESTDIR=...]          removes exactly what install wrote
#
# What is installed: the programs INSTALL_PROGS (man/NAME.1 each); the library
# (every module of src/<layer>/, as libpairing.a is; the shared one from the
# same sources compiled again with -fPIC, under $(VARIANT)/pic/); every header
# of the library's layers, src/<layer>/*.h, as INCLUDEDIR/makerbreaker/<layer>/*.h
# (they include each other as "layer/x.h": the .pc's Cflags name
# INCLUDEDIR/makerbreaker); makerbreaker.pc (mk/makerbreaker.pc.in).  The
# public headers use GLib (GError, GPtrArray, ...), so glib-2.0 is Requires,
# not Requires.private: a program calling the library calls GLib too.  igraph
# (game/symmetry.c), CaDiCaL and the C++ runtime (solvers/satproof.cc), libm
# and pthreads are the library's own, for static links only: Libs.private.
# igraph is -ligraph there rather than Requires.private: igraph, because
# Debian's igraph.pc lists static libraries (glpk, arpack, plfit) that
# libigraph-dev does not install, so `pkg-config --static` would name
# libraries a static link cannot find (igraph itself is linked shared).
# The variant is the one built (SANITIZE=1, DEBUG=1: their flags go into the
# .pc's Cflags and Libs).
# mk/install.sh writes, keeps the manifest uninstall reads, and never
# overwrites a file that an earlier install did not write.

PREFIX       ?= /usr/local
DESTDIR      ?=
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL_MANIFEST := $(DATADIR)/makerbreaker/install-manifest

INSTALL_PROGS := makerbreaker games-atlas
INSTALL_HDRS  := $(sort $(filter-out src/tools/%,$(wildcard src/*/*.h)))
SONAME        := libmakerbreaker.so.0
PIC_DIR       := $(VARIANT)/pic
PIC_OBJ       := $(LIB_OBJ:$(OBJ)/%=$(PIC_DIR)/%)
SHLIB         := $(PIC_DIR)/$(SONAME)
PC_FILE       := $(PIC_DIR)/makerbreaker.pc
# the .pc's Version: the date of the commit built (0.YYYYMMDD)
PC_VERSION     = 0.$(shell git log -1 --format=%cd --date=format:%Y%m%d 2>/dev/null || echo 0)

ifneq ($(filter install uninstall,$(MAKECMDGOALS)),)
  $(foreach v,PREFIX BINDIR LIBDIR INCLUDEDIR DATADIR MANDIR PKGCONFIGDIR,\
    $(if $(filter /%,$($(v))),,$(error $(v) must be an absolute path, not '$($(v))'))\
    $(if $(word 2,$($(v))),$(error $(v) must not contain blanks: '$($(v))')))
endif

.PHONY: install uninstall install-build

# (with igraph's flags and, on x86-64, -mpopcnt for every module: build.mk
# names the files that need them, this rule need not follow them around)
PIC_CFLAGS = $(IGRAPH_CFLAGS) $(if $(filter x86_64,$(shell uname -m)),-mpopcnt)
$(PIC_DIR)/src/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(PIC_CFLAGS) -fPIC -fno-semantic-interposition -MMD -MP -c $< -o $@
$(PIC_DIR)/src/%.o: src/%.cc
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -fPIC -fno-semantic-interposition -MMD -MP -c $< -o $@
$(SHLIB): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) $(if $(SANFLAGS),,-Wl,-z,defs) $(LDFLAGS) $^ $(LDLIBS) -o $@

# the .pc for these directories (rewritten on every install: PREFIX may change)
$(PC_FILE): mk/makerbreaker.pc.in FORCE
	@mkdir -p $(@D)
	@sed -e 's|@PREFIX@|$(PREFIX)|' \
	  -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|' \
	  -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|' \
	  -e 's|@VERSION@|$(PC_VERSION)|' -e 's|@EXTRA@|$(if $(strip $(SANFLAGS)), $(strip $(SANFLAGS)))|' $< > $@.tmp
	@mv $@.tmp $@

install-build: $(INSTALL_PROGS:%=$(BIN)/%) $(LIB) $(SHLIB) $(PC_FILE)

# one line per file for mk/install.sh: "file MODE SRC DEST" or "link TARGET DEST"
install_list = { \
  for p in $(INSTALL_PROGS); do echo "file 755 $(BIN)/$$p $(BINDIR)/$$p"; \
    echo "file 644 man/$$p.1 $(MANDIR)/man1/$$p.1"; done; \
  echo "file 644 $(LIB) $(LIBDIR)/libmakerbreaker.a"; \
  echo "file 755 $(SHLIB) $(LIBDIR)/$(SONAME)"; \
  echo "link $(SONAME) $(LIBDIR)/libmakerbreaker.so"; \
  for h in $(INSTALL_HDRS); do echo "file 644 $$h $(INCLUDEDIR)/makerbreaker/$${h\#src/}"; done; \
  echo "file 644 $(PC_FILE) $(PKGCONFIGDIR)/makerbreaker.pc"; }

# the destination is checked before anything is built or written
install:
	@$(install_list) | sh mk/install.sh check '$(DESTDIR)' '$(INSTALL_MANIFEST)'
	@$(MAKE) --no-print-directory install-build
	@$(install_list) | sh mk/install.sh install '$(DESTDIR)' '$(INSTALL_MANIFEST)'

uninstall:
	@sh mk/install.sh uninstall '$(DESTDIR)' '$(INSTALL_MANIFEST)'
