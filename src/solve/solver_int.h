/* solver_int.h — the parts of the solver (solver.h) that its files share;
 * not a public API.
 *
 * The solver is split by concept, the way Hex solvers keep df-pn, proof
 * sets and the solved-position database apart:
 *   solver_eval.c   a position's evaluation: Maker's threats (a set one
 *                   short, double threats, threat sequences), Breaker's
 *                   closures (no surviving set, Erdős–Selfridge, private and
 *                   shared pairings), the moves worth trying and their order;
 *   solver_table.c  canonical forms under the board's automorphism group,
 *                   the bounded transposition table (decided entries carry a
 *                   zone or a support) and the run's memory Budget;
 *   solver_search.c df-pn: children, relevance zones (Maker's moves pruned),
 *                   Maker's supports (Breaker's moves pruned), the evaluation
 *                   cache, a unit's search and the widening at its root;
 *   solver_cert.c   the certificate of a decided unit, read back from the
 *                   table (a decided node missing from it is proved again),
 *                   and a run's certificate assembled from its units', in
 *                   counted text buffers (Buf);
 *   solver.c        the run: units, symmetry classes of root moves, threads,
 *                   budgets, checkpoints and the certificate's self check;
 *   solver_game.c   the Game of a board, the side to move, the options'
 *                   defaults and the classes of a position's moves;
 *   solver_plain.c  the plain minimax baseline.
 * Contract of the shared types: a Pos is two bitsets (Maker's, Breaker's
 * cells) of SW words; a Game is the board as bitsets with its group and the
 * engine's switches (read-only during a search); a Unit is one search with
 * its own table, scratch space and counters (one thread); a Solver holds
 * what the units of one mb_solve() share (atomics).  Every function here is
 * deterministic given its arguments and the unit's table. */
#ifndef SOLVE_SOLVER_INT_H
#define SOLVE_SOLVER_INT_H

#include <glib.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solve/closure.h"
#include "solve/solver.h"
#include "solvers/matching.h"

enum { SW = 4 }; /* words per bitset: 256 cells */
#define INF MB_PN_INF

typedef struct {
  uint64_t m[SW], b[SW];
} Pos;

static inline bool tst(const uint64_t *x, uint32_t c) { return (x[c >> 6] >> (c & 63)) & 1; }
static inline void put(uint64_t *x, uint32_t c) { x[c >> 6] |= UINT64_C(1) << (c & 63); }
static inline void del(uint64_t *x, uint32_t c) { x[c >> 6] &= ~(UINT64_C(1) << (c & 63)); }
/* a total order on positions: Maker's words, then Breaker's, as integers */
static inline int pos_cmp(const Pos *a, const Pos *b) {
  for (int w = 0; w < SW; w++)
    if (a->m[w] != b->m[w]) return a->m[w] < b->m[w] ? -1 : 1;
  for (int w = 0; w < SW; w++)
    if (a->b[w] != b->b[w]) return a->b[w] < b->b[w] ? -1 : 1;
  return 0;
}
static inline bool pos_eq(const Pos *a, const Pos *b) {
  uint64_t d = 0;
  for (int w = 0; w < SW; w++) d |= (a->m[w] ^ b->m[w]) | (a->b[w] ^ b->b[w]);
  return d == 0;
}

/* ---- memory ------------------------------------------------------------------ */

/* The bound of options.memory (issue 37, E3): every large allocation of a
 * run is counted here before it is made, and refused when the count would
 * pass the limit — the game's byte tables, each unit's table (while it is
 * rebuilt, the old and the new one), its evaluation cache, its per-depth
 * arrays and scratch space, its cluster cache's cap, the certificate
 * buffers (each unit's text, the written-node index, the assembled
 * certificate) and the self check's estimate.  A refusal ends the unit as
 * unknown (result.memory_hit, MB_MEM_TOTAL), never a crash.  Not counted:
 * the program and its libraries, the board, and small allocations (perm
 * sets, the checkpoint's copy of a unit's record). */
typedef struct {
  _Atomic uint64_t used, peak;
  uint64_t limit; /* 0: none */
} Budget;
/* count n bytes more; false (nothing counted) if that passes the limit */
bool sv_take(Budget *m, size_t n);
void sv_give(Budget *m, size_t n);
/* n zeroed bytes, counted (m may be NULL); blocks of MAP_BYTES or more are
 * mapped, so their pages cost nothing until touched and nothing is cleared
 * (U3: the tables were cleared eagerly, 80% of a small solve; smaller ones
 * come from the allocator, whose cleared memory is cheaper than a mapping's
 * page faults and system calls; a table's blocks are mapped at once,
 * solver_table.c says why); NULL if the bound or the system refuses */
enum { MAP_BYTES = 1 << 20 };
void *sv_alloc(Budget *m, size_t n);
/* the same, not cleared (mapped blocks are zero all the same) */
void *sv_alloc_raw(Budget *m, size_t n);
/* the same, every page mapped at once (MAP_POPULATE at MAP_BYTES or more) */
void *sv_alloc_mapped(Budget *m, size_t n);
/* p and n as sv_alloc() gave them; never a text of a Buf (sv_text_free) */
void sv_free(Budget *m, void *p, size_t n);

/* free a text taken from a Buf (sv_buf_take(): allocator memory, *bytes
 * counted).  Not sv_free(): at MAP_BYTES or more that unmaps, and a text of
 * a megabyte or more given to munmap() was leaked (EINVAL: not page
 * aligned) or, on a page-aligned pointer into the allocator's heap, took
 * live heap pages away (the line M:3,1 B:4,4 of mnk:8,8,5 crashed at exit) */
void sv_text_free(Budget *m, char *s, size_t bytes);
/* A growing text counted in a Budget; after a refused or failed growth
 * `failed` is set and nothing more is written (certificates, D5: GString
 * aborted the process when memory ran out) */
typedef struct {
  char *s;
  size_t len, cap;
  Budget *mem;
  bool failed;
} Buf;
void sv_buf_init(Buf *b, Budget *m);
void sv_buf_add(Buf *b, const char *x, size_t n);
void sv_buf_puts(Buf *b, const char *x);
void sv_buf_putc(Buf *b, char c);
void sv_buf_printf(Buf *b, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
/* the text (NUL-terminated; NULL after a failure), still counted: *bytes
 * is what to sv_free() it with; b is empty afterwards */
char *sv_buf_take(Buf *b, size_t *bytes);
void sv_buf_clear(Buf *b);

/* ---- the game ---------------------------------------------------------------- */

typedef struct {
  const MbBoard *board;
  uint32_t nc, ns, K;
  uint32_t W; /* words of a bitset the board needs (<= SW) */
  uint64_t (*set)[SW];
  uint32_t *setlen;
  uint32_t **inc; /* cell -> sets */
  uint32_t *deg;
  MbGroup *G;
  uint32_t nbytes;
  uint64_t (*tab)[SW]; /* image of byte value v at byte j under element e: [(e * nbytes + j) * 256 + v] */
  bool threats, closures, es_ok;
  bool zones;           /* Breaker's relevance zones prune Maker's moves */
  bool mustplay;        /* Maker's supports prune Breaker's moves */
  bool shared;          /* shared-pair closures */
  uint32_t pair_budget; /* placements per shared-pairing search */
  uint32_t pair_ratio;  /* options.pair_ratio */
  uint64_t escalate;    /* options.escalate */
  bool plain_clusters;  /* the plain cluster search (for comparison) */
  bool breaker_first;
  /* near-lines (sv_game_init): sets T such that every |T|-1 of T's cells
   * form a winning set (torus:n,n-1: the lines); the line potential
   * (solver_eval.c) weighs them instead of their sets */
  uint32_t nl;
  uint64_t (*line)[SW];
  uint8_t *covered;        /* per set: 1 if it is T minus a cell for a near-line T */
  char **names;         /* each cell's name (the certificate's spelling) */
  size_t bytes;         /* counted in the run's Budget (the sets and the byte tables) */
} Game;

typedef enum {
  C_OPEN,
  C_MAKER_WON,  /* a set is all Maker's */
  C_MAKER_NOW,  /* Maker to move completes a set at t1 */
  C_DOUBLE,     /* Breaker to move faces two one-short sets: t1, t2 */
  C_FORCED,     /* Breaker to move must take t1 */
  C_DEAD,       /* no surviving set */
  C_ES,         /* Erdős–Selfridge */
  C_LINE,       /* the line potential (near-lines) */
  C_PAIR,       /* a pairing (private, or shared: closure.h) */
  C_VCF,        /* Maker to move wins by a sequence of threats starting at t1 */
} Cls;

typedef struct {
  Cls cls;
  uint32_t t1, t2;
  uint32_t nmoves;
  uint32_t moves[MB_SOLVE_MAX_CELLS];
  unsigned __int128 es; /* the ES value scaled by 2^K */
  uint64_t zone[SW];    /* Breaker wins at once (C_DEAD, C_ES, C_PAIR): the cells it rests on;
                           Maker wins at once (C_VCF): the cells of the sequence (Maker's support);
                           open, Breaker to move, passz: the support of Maker's threat win after a pass */
  bool passz;           /* Breaker's moves were cut to zone (Maker wins by threats after a pass) */
  uint32_t npair;       /* C_PAIR: the pairs */
  uint32_t pairs[MB_SOLVE_MAX_CELLS];
  uint16_t *pn0;        /* Maker to move, from the evaluation cache: each move's child's proof
                           number to begin with (PN0_NONE: not known), kept for the next entry */
} Eval;
#define PN0_NONE 0xffffu

typedef struct {
  uint32_t *start, *adj, *mate_l, *mate_r, *sets, *cellof, *rightof;
  BmWork *w;
  double *weight;
  uint64_t vcf_nodes;
  uint32_t *fr, *bk; /* per set, during sv_vcf(): free cells (not Maker's), Breaker's cells */
  uint64_t *memo, memo_gen;
  uint32_t path[MB_SOLVE_MAX_CELLS], pathlen; /* sv_vcf()'s winning sequence, last move first */
  uint64_t (*sfree)[CL_MAX_WORDS];             /* free cells of each surviving set (shared pairing) */
  uint64_t pair_found, pair_tried;             /* shared-pairing statistics */
  uint8_t *bo_cnt;                             /* sv_bo_prepare(): per set, free cells (BO_DEAD: Breaker's) */
  uint32_t *bo_thr, bo_nthr;                   /* the surviving sets with at most one free cell */
  uint64_t bo_live[SW];
  uint32_t bo_nlive;
  uint64_t *img;                               /* sv_canon_kids(): each element's image of the node, 2W words */
  ClCache *clc;                                /* the shared-pairing search's cluster cache (this unit's) */
  Budget *mem;
  size_t bytes;                                /* counted in mem: the arrays and the cluster cache's cap */
} Scratch;
enum { BO_DEAD = 255 };


/* ---- the transposition table -------------------------------------------------- */

/* The table: open addressing, each slot the numbers (pn, dn; both 0 =
 * empty), the key's 2W words (W = words the board needs), so a 64-cell
 * board takes 24 bytes a position, not sizeof(Pos), and W more words: the
 * relevance zone of a position proved for Breaker (dn == 0), in the key's
 * coordinates.
 *
 * Bounded memory.  The table may not grow past max_bytes.  When it is full
 * it is COLLECTED: every entry that is neither proved nor disproved is
 * dropped (df-pn finds them again when it needs them; the decided ones are
 * kept, since the certificate is read back from them), and the table is
 * rebuilt at the size that holds the rest.  If the decided entries alone
 * fill more than a quarter of the bound, or the table has been collected
 * TABLE_MAX_COLLECTIONS times (the bound is so small that the search would
 * thrash), the table is `full`: the unit stops and is reported unknown
 * (exit 4 from the tool), never a crash; a failed allocation is treated
 * the same way. */
typedef struct {
  uint32_t pn, dn;
} Entry;
typedef struct {
  uint32_t *s;  /* cap slots of `stride` uint32s */
  size_t cap, n;
  uint32_t W, stride;
  size_t max_bytes; /* 0: no bound */
  Budget *mem;      /* every slot array is counted here (NULL: not counted) */
  bool full;
  uint8_t full_why; /* MB_MEM_TABLE: the decided entries filled max_bytes (or it thrashed);
                       MB_MEM_TOTAL: the Budget or the system refused the slots */
  uint64_t collections;
  uint64_t gen;         /* rebuilds so far: Entry pointers from an earlier generation are stale */
} Table;


/* ---- df-pn -------------------------------------------------------------------- */

typedef struct {
  uint32_t move, el, pn0;
  Pos key;
  uint64_t h; /* sv_pos_hash(key) */
} Child;

/* Positions with more stones than this are their own canonical form
 * (sv_canon()), so only a node with fewer has children that are images of
 * each other, and only at depth < SV_SYM_STONES below a unit's root. */
enum { SV_SYM_STONES = 6 };
/* A child sv_children() drops as the image of an earlier one, kids[rep],
 * under a symmetry: its own move and element (sv_canon() of its position),
 * kept because the node's zone or support must cover it too
 * (alive_children()). */
typedef struct {
  uint32_t move, el, rep;
} Dup;

typedef struct Solver Solver;
typedef struct {
  Solver *S;
  const Game *g;
  Table tt;
  Scratch sc;
  Eval *ev;      /* one per depth */
  Child **kids;  /* one array per depth */
  Dup *dup[SV_SYM_STONES]; /* per depth < SV_SYM_STONES: the children dropped as images (sv_children()) */
  uint64_t nodes, limit;
  bool abort;
  uint32_t unit;
  uint32_t root_pn, root_dn;
  _Atomic int *cut; /* set: the unit's answer is no longer needed */
  uint64_t try_stop; /* widen(): this try ends after that many expansions */
  uint32_t order_depth; /* sv_unit_solve(): the depth to which Breaker's first reply is searched first (0 or 2) */
  bool hard_stop;    /* the abort is the budget's, the clock's, the memory's or the cut's */
  bool mem_hit;      /* the table reached its bound */
  uint8_t **alive;   /* per depth, per child: still to be refuted (Maker to move) */
  Entry ***ent;      /* per depth, per child: its table entry (fetch()) */
  struct EvCache *evc; /* open nodes' evaluations (sv_mid() re-enters a node many times) */
  uint64_t evc_hits;
  uint64_t zone_cuts; /* Maker moves refuted by a sibling's zone */
  uint64_t must_cuts; /* Breaker moves proved by a sibling's support */
  uint64_t nodes_told; /* expansions already added to the solver's total */
  void *block;         /* ev, kids, ent, alive in one counted block */
  size_t block_bytes;
  uint32_t evc_mask, evc_stride; /* the evaluation cache: slots - 1, bytes a slot */
  size_t evc_bytes;
} Unit;

struct Solver {
  Game g;
  const MbSolveOpts *o;
  gint64 start_us, deadline_us;
  _Atomic int64_t last_status_us;
  _Atomic uint64_t nodes_done; /* expansions of all units so far (each adds its own every 1024) */
  _Atomic int units, units_done;
  _Atomic int stop;            /* time is up */
  _Atomic int mem_hit;         /* MB_MEM_* bits: a unit's table filled its bound, or the Budget refused */
  _Atomic uint64_t zone_cuts, must_cuts, pair_found, pair_tried;
  Budget mem;                  /* options.memory: every large allocation of the run */
  size_t unit_share;           /* each running unit's share of mem.limit (0: none) */
  size_t table_bytes;          /* each running unit's table bound: half its share after its fixed parts */
  bool many_workers;           /* more than one worker runs units: each unit's evaluation cache is
                                  mapped at once (sv_alloc_mapped; solver_table.c says why) */
};


typedef struct {
  Pos key;
  uint64_t id;
  uint32_t el;
  uint64_t zone[SW]; /* its subtree's zone (key coordinates) */
} Written;

typedef struct {
  Unit *u;
  Buf *out;
  uint64_t next;         /* the next node's id (relative to the unit's first) */
  Written *wr;           /* the nodes written, by canonical position (counted in the unit's Budget) */
  uint32_t nwr, capwr;
  uint32_t *wix;         /* open addressing over wr: index + 1 (0: empty), capix slots */
  uint32_t capix;
  GHashTable *perms_used; /* element index set */
  bool maker_wins;
  bool failed;
  bool refused;          /* (with failed) the memory bound refused the room */
} Cert;
/* a unit's certificate writer over the text *out (perms: the elements used) */
void sv_cert_init(Cert *c, Unit *u, Buf *out, GHashTable *perms, bool maker_wins);
void sv_cert_clear(Cert *c);


static inline uint32_t sat_add(uint32_t a, uint32_t b) {
  if (a >= INF || b >= INF) return INF;
  uint64_t s = (uint64_t)a + b;
  return s >= INF ? INF - 1 : (uint32_t)s;
}
static inline void apply(Pos *p, uint32_t c, bool maker) { put(maker ? p->m : p->b, c); }
static inline void undo(Pos *p, uint32_t c, bool maker) { del(maker ? p->m : p->b, c); }

/* solver_eval.c */
int64_t sv_vcf(const Game *g, Pos *p, Scratch *s, uint64_t *zone);
/* false if the Budget (or the system) refused its arrays (nothing held then) */
bool sv_scratch_init(Scratch *s, const Game *g, Budget *m, size_t cluster_cache_bytes);
size_t sv_scratch_bytes(const Game *g); /* what it counts besides the cluster cache's cap */
void sv_scratch_clear(Scratch *s);
void sv_evaluate(const Game *g, const Pos *p, bool maker, Scratch *s, Eval *e, bool zones);
uint32_t sv_breaker_options(const Game *g, const Pos *p, uint64_t *supp);
/* the same for every Maker move c at p (Maker to move): sv_bo_prepare(p)
 * once, then sv_bo_child(p, c) returns what sv_breaker_options(p + c)
 * returns, with the same support, walking only the sets through c and the
 * sets one short (each set's free count is kept from p) */
void sv_bo_prepare(const Game *g, const Pos *p, Scratch *s);
uint32_t sv_bo_child(const Game *g, const Pos *p, Scratch *s, uint32_t c, uint64_t *supp);

/* solver_table.c */
void sv_image(const Game *g, uint32_t el, const Pos *p, Pos *q);
uint32_t sv_canon(const Game *g, const Pos *p, Pos *out);
uint64_t sv_pos_hash(const Pos *p);
/* a table of at most max_bytes (0: none) counted in m (NULL: not counted);
 * if its first slots are refused it is full at once */
void sv_table_init(Table *t, uint32_t nc, size_t max_bytes, Budget *m);
/* the slots a table starts with (a smaller max_bytes never lets it grow) */
size_t sv_table_min_bytes(uint32_t nc);
void sv_table_clear(Table *t);
/* kids[i].key, kids[i].el = sv_canon(p + moves[i]) for i < n (the mover:
 * maker), by each element's image of p once and then one cell per child;
 * returns false when every key is the child itself (no symmetry used:
 * distinct moves give distinct keys) */
bool sv_canon_kids(const Game *g, Scratch *s, const Pos *p, bool maker, const uint32_t *moves, uint32_t n, Child *kids);
void sv_table_prefetch(const Table *t, uint64_t h); /* a hint: the slot of hash h will be read soon */
Entry *sv_table_find_h(const Table *t, const Pos *k, uint64_t h);
Entry *sv_table_find(const Table *t, const Pos *k);
void sv_table_zone(const Table *t, const Entry *e, uint64_t *z);
void sv_table_store(Table *t, const Pos *k, uint32_t pn, uint32_t dn, const uint64_t *zone);

/* solver_search.c */
void sv_lookup(Unit *u, const Pos *k, uint32_t *pn, uint32_t *dn);
/* whether the run must stop (and S->stop set): the clock's budget passed,
 * a signal came (options.stop) or the units passed options.total_limit
 * (untold: expansions of the caller's unit not yet added to nodes_done);
 * *now (if not NULL) the time read */
bool sv_time_up(Solver *S, uint64_t untold, gint64 *now);
void sv_tick(Unit *u);
uint32_t sv_children(Unit *u, Pos *p, bool maker, const Eval *e, Child *kids, Entry **ent, uint64_t *gen, Dup *dup,
                     uint32_t *ndup);
void sv_zone_map(const Game *g, uint32_t el, const uint64_t *z, uint64_t *out);
void sv_mid(Unit *u, Pos *p, bool maker, const Pos *key, uint32_t el, uint32_t thpn, uint32_t thdn,
                uint32_t depth);
/* false (S->mem_hit set, nothing held) if the Budget refused the unit's
 * arrays; root: the run's root (a small evaluation cache) */
bool sv_unit_init(Unit *u, Solver *S, uint32_t idx, bool root);
/* what sv_unit_init() counts before the unit's table */
size_t sv_unit_bytes(const Solver *S, bool root);
void sv_unit_clear(Unit *u);
MbOutcome sv_unit_solve(Unit *u, Pos *p, bool maker);

/* solver_game.c: the Game of a board and options (symmetry: the group when
 * want_group and o->symmetry); false (err set) for too many cells */
bool sv_game_init(Game *g, const MbBoard *b, const MbSolveOpts *o, bool want_group, GError **err);
/* the group's byte tables (g->tab: faster canonical forms, the same ones),
 * counted in m and left out where m refuses them; before any unit's
 * scratch space is made */
void sv_game_tables(Game *g, Budget *m);
void sv_game_clear(Game *g, Budget *m);
/* the side to move of pos: *maker; to_move is MB_TO_MOVE_* of solver.h (by
 * the counts, breaker_first deciding a tie); false (err set) if the counts
 * allow neither side */
bool sv_side_to_move(const MbPosition *pos, bool breaker_first, int to_move, bool *maker, GError **err);
/* each of the nm moves at `at` (maker: Maker's) gets its class among kids
 * (the canonical children, n of them; kids is cut to one per class when the
 * group is not enumerated), in unit_of[], and in el_of[] the element
 * mapping the position after it onto its class's form; returns the classes */
uint32_t sv_classify(const Game *g, const Pos *at, bool maker, const uint32_t *moves, uint32_t nm, Child *kids,
                     uint32_t n, uint32_t *unit_of, uint32_t *el_of);

/* solver_cert.c */
uint32_t sv_link_perm(const Game *g, uint32_t el_old, uint32_t el_cur);
void sv_emit(Cert *c, Pos *p, bool maker, uint32_t depth, uint64_t *zone);
/* the assembled certificate of a run: into += from (element ids) */
void sv_merge_perms(GHashTable *into, GHashTable *from);
/* "KIND C..": every move, then each class's subtree at its first move and
 * a symmetry link at the others; returns the node lines written */
uint64_t sv_append_all(const Game *g, const MbBoard *b, Buf *cert, GHashTable *perms, const char *kind,
                       const uint32_t *moves, uint32_t nm, const uint32_t *unit_of, const uint32_t *el_of,
                       uint32_t ncls, char *const *ccert, const uint64_t *cproof, GHashTable *const *cperms);
/* the certificate: its header (board, position `moves` with `maker` to
 * move, the winner, the cells, the perm lines of the elements in perms)
 * around the `proof` node lines of `tree`, counted in m (*bytes: for
 * sv_free); NULL if m refused */
char *sv_cert_text(Budget *m, size_t *bytes, const Game *g, const MbBoard *b, const char *moves, bool maker, MbOutcome winner,
                   GHashTable *perms, uint64_t proof, const char *tree);

#endif
