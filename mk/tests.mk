# mk/tests.mk — `make check` and `make unit` (included by the Makefile).

check:
	@$(MAKE) --no-print-directory deps DEBS='$(DEBS) $(CHECK_DEBS)'
	@$(MAKE) --no-print-directory all
	@BIN=$(BIN) SANITIZE=$(SANITIZE) DEBUG=$(DEBUG) MAKE="$(MAKE)" bash tests/run.sh

unit: $(TEST_BIN)
	@for t in $(TEST_BIN); do $$t || exit 1; done

