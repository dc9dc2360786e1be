/**
 * The signed-in first screen in a handful of chunks (vite.config.ts, `codeSplitting`). Left
 * to itself the bundler splits what the shell, the query layer and the dashboard share with
 * other screens into dozens of small chunks (one per Mantine component, icon, hook or helper
 * that several lazy routes use), and a phone opened the agent's dashboard with about a
 * hundred requests. The sign-in pages had the same trouble: about thirty chunks each, and a
 * slow phone spent a long task starting their fetches. The groups:
 *
 * - `first-screen`: what the shell, the query layer and the dashboard's index import
 *   statically, which every signed-in screen loads (lenders' and admins' too);
 * - `agent-offline`: what the agent's offline sync and mirror add (Dexie, the outbox's
 *   engine), which only an agent loads;
 * - `landing-shared` and `public-shared`: what those share with the landing page and with
 *   the other public pages, so that neither loads the signed-in screens' code;
 * - `overlays`: the shell's menus and tooltips (Mantine's Menu, Popover and Tooltip, and
 *   floating-ui), which the shell loads after the first screen is drawn, or at the first tap
 *   on a menu. What they share with the sign-in pages (the language icon) goes to
 *   `public-shared`, which both load: left to `sign-in`, it made the first tap on the user
 *   menu load and run the whole sign-in chunk, about 98 KB, and its stylesheets;
 * - `sign-in`: the rest of what the sign-in pages (the three logins and the forgotten
 *   password) import. Another screen that uses one of its modules (a form's field, say)
 *   loads the chunk, about 13 KiB gzipped, precached like every other.
 * - `agent-screens`: the rest of what the agent's bottom-bar screens and Create Borrower's
 *   form import, which an agent's phone loads right after the open (src/app/router.tsx,
 *   agentScreensAhead). Left to the bundler, a tap on Borrowers before its code was in
 *   fetched a dozen small chunks in four or five rounds, each one's imports found only once
 *   it had arrived. What the working set's code imports stays out of it: that code loads
 *   after every open, and a file whose first load is cut stays failed for the page. Another
 *   screen that uses one of its modules loads the chunk, about 64 KiB gzipped.
 *
 * None takes a module the entry imports. Another screen that shares a module with the
 * first screen finds it there (loaded by then).
 *
 * The sets come from the bundler's module graph (ModuleInfo.importedIds), with one
 * refinement: a package's barrel (`@mantine/core`, `@tabler/icons-react`: a file of
 * `export … from` lines) re-exports hundreds of modules, most of which a screen never uses.
 * Through a barrel only the modules of the names the importer names are followed, read
 * from the files' import statements; otherwise the public pages' `import { Button } from
 * '@mantine/core'` would claim every Mantine component, and a group that took the barrel's
 * every module would carry code no screen of it runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMantineSheet } from './mantine-component-styles';

/** The bundler's module graph, as a group's `name` is handed it (Rolldown's ChunkingContext). */
export type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Names a module imports from a specifier, or every name. */
type Names = Set<string> | 'all';

const sourceCache = new Map<string, string>();
function sourceOf(id: string): string {
  let source = sourceCache.get(id);
  if (source === undefined) {
    try {
      source = readFileSync(id.replace(/\?.*$/, ''), 'utf8');
    } catch {
      source = '';
    }
    sourceCache.set(id, source);
  }
  return source;
}

/** `a as b, type c, d` → the names as imported (a, d) or as exported (b, d). */
function namesIn(list: string, side: 'imported' | 'exported'): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [from, to] = part.split(/\s+as\s+/);
      return (side === 'exported' ? (to ?? from) : from)!.trim();
    });
}

function merged(a: Names, b: Names): Names {
  return a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]);
}

/** What a module's import statements take from each specifier. */
const importsCache = new Map<string, Map<string, Names>>();
function importsOf(id: string): Map<string, Names> {
  const cached = importsCache.get(id);
  if (cached) return cached;
  const imports = new Map<string, Names>();
  const add = (specifier: string, names: Names) =>
    imports.set(specifier, merged(imports.get(specifier) ?? new Set(), names));
  const statement = /\bimport\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, typeOnly, clause, specifier] of sourceOf(id).matchAll(statement)) {
    if (typeOnly) continue;
    const braces = /\{([^}]*)\}/.exec(clause!);
    const rest = clause!
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (rest.startsWith('*')) add(specifier!, 'all');
    else if (rest) add(specifier!, new Set(['default']));
    if (braces) add(specifier!, new Set(namesIn(braces[1]!, 'imported')));
  }
  for (const [, clause, specifier] of sourceOf(id).matchAll(
    /\bexport\s+(\*|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    add(specifier!, clause === '*' ? 'all' : new Set(namesIn(clause!.slice(1, -1), 'imported')));
  }
  importsCache.set(id, imports);
  return imports;
}

/**
 * A package's barrel: in node_modules, nothing but imports, re-exports and comments. (Its
 * imports for side effects only are left out of what is followed: the packages that have
 * barrels declare none, so the bundler drops them too.)
 */
const barrels = new Map<string, boolean>();
function isBarrel(id: string): boolean {
  let barrel = barrels.get(id);
  if (barrel === undefined) barrels.set(id, (barrel = readsAsBarrel(id)));
  return barrel;
}

function readsAsBarrel(id: string): boolean {
  if (!id.includes('/node_modules/') || !/\.m?js$/.test(id)) return false;
  const source = sourceOf(id)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const statements = source.split(';').map((part) => part.trim());
  return (
    statements.length > 20 &&
    statements.every(
      (part) =>
        part === '' ||
        /^export\s*(\*|\{[^}]*\})\s*from\s*['"][^'"]+['"]$/.test(part) ||
        /^import\s[^'"]*from\s*['"][^'"]+['"]$/.test(part) ||
        /^import\s*['"][^'"]+['"]$/.test(part) ||
        /^export\s*\{[^}]*\}$/.test(part),
    )
  );
}

/**
 * A module's static imports. Each getModuleInfo call crosses into the bundler and copies the
 * module's information out, so each module's is asked once per build.
 */
const importedIds = new Map<string, readonly string[]>();
function importedIdsOf(graph: Graph, id: string): readonly string[] {
  let ids = importedIds.get(id);
  if (!ids) importedIds.set(id, (ids = graph.getModuleInfo(id)?.importedIds ?? []));
  return ids;
}

/** The imported id a specifier of `from` resolved to, among `candidates`. */
function resolvedAmong(from: string, specifier: string, candidates: readonly string[]) {
  if (specifier.startsWith('.')) {
    const base = path.resolve(path.dirname(from), specifier);
    return candidates.filter(
      (id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`),
    );
  }
  const packageName = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  return candidates.filter((id) => id.includes(`/node_modules/${packageName}/`));
}

type BarrelExport = { star: boolean; exported: string[]; ids: readonly string[] };

/**
 * A barrel's re-exports, each with the modules it resolved to, worked out once per barrel:
 * an icon set's barrel re-exports thousands of files, and matching each of its thousands
 * of specifiers against each of its thousands of imports for every module that imports it
 * took minutes.
 */
const barrelExports = new Map<string, BarrelExport[]>();
function exportsOfBarrel(graph: Graph, barrel: string): BarrelExport[] {
  const known = barrelExports.get(barrel);
  if (known) return known;
  const candidates = importedIdsOf(graph, barrel);
  // Each import under the paths a relative specifier may name it by.
  const byPath = new Map<string, string[]>();
  const add = (key: string, id: string) => byPath.set(key, [...(byPath.get(key) ?? []), id]);
  for (const id of candidates) {
    const file = id.replace(/\?.*$/, '');
    const bare = file.replace(/\.[^./]+$/, '');
    add(file, id);
    if (bare !== file) add(bare, id);
    if (path.basename(bare) === 'index') add(path.dirname(bare), id);
  }
  const entries: BarrelExport[] = [];
  for (const [, clause, specifier] of sourceOf(barrel).matchAll(
    /\bexport\s+(\*|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const ids = specifier!.startsWith('.')
      ? (byPath.get(path.resolve(path.dirname(barrel), specifier!)) ?? [])
      : resolvedAmong(barrel, specifier!, candidates);
    entries.push(
      clause === '*'
        ? { star: true, exported: [], ids }
        : { star: false, exported: namesIn(clause!.slice(1, -1), 'exported'), ids },
    );
  }
  barrelExports.set(barrel, entries);
  return entries;
}

/** What a barrel's `names` come from: the modules that define them, by its re-exports. */
function throughBarrel(graph: Graph, barrel: string, names: Set<string>): string[] {
  const candidates = importedIdsOf(graph, barrel);
  const targets = new Set<string>();
  const found = new Set<string>();
  const starTargets: string[] = [];
  const source = sourceOf(barrel);
  for (const { star, exported, ids } of exportsOfBarrel(graph, barrel)) {
    if (star) {
      starTargets.push(...ids);
      continue;
    }
    if (exported.some((name) => names.has(name))) {
      ids.forEach((id) => targets.add(id));
      exported.filter((name) => names.has(name)).forEach((name) => found.add(name));
    }
  }
  // A name not re-exported by name may come through `export *` or a local binding:
  // then everything the barrel imports is followed, as without this refinement.
  if ([...names].some((name) => !found.has(name))) {
    return starTargets.length > 0 && !/\bimport\s/.test(source) ? starTargets : [...candidates];
  }
  return [...targets];
}

/** The modules `roots` import statically, not looking past `stop`, through barrels by name. */
export function staticClosure(graph: Graph, roots: string[], stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || stop.has(id)) return;
    seen.add(id);
    const importedIds = importedIdsOf(graph, id);
    const imports = [...importsOf(id)];
    for (const imported of importedIds) {
      if (!isBarrel(imported)) {
        visit(imported);
        continue;
      }
      const names = imports
        .filter(([specifier]) => resolvedAmong(id, specifier, [imported]).length > 0)
        .reduce<Names>((all, [, taken]) => merged(all, taken), new Set<string>());
      if (names === 'all' || names.size === 0) {
        visit(imported);
        continue;
      }
      // The barrel itself holds no code; past it, only what the names come from.
      if (!stop.has(imported)) seen.add(imported);
      for (const target of throughBarrel(graph, imported, names)) visit(target);
    }
  };
  roots.forEach(visit);
  return seen;
}

/** Rolldown's `output.codeSplitting` for the first screen (see above). */
export function firstScreenChunks(options: {
  /** The app's entry module. */
  entry: string;
  /** The prerendered public pages' modules. */
  publicRoots: string[];
  /** The modules every signed-in first screen renders. */
  firstScreenRoots: string[];
  /** What an agent's first screen adds at run time. */
  offlineRoots: string[];
  /** The sign-in pages' modules (among the public pages). */
  signInRoots: string[];
  /** The shell's menus and tooltips, loaded after the first screen. */
  overlayRoots: string[];
  /** The agent's bottom-bar screens, loaded ahead after the first screen. */
  agentScreenRoots: string[];
  /** What the agent's offline sync loads after the first screen (never the screens' group). */
  offlineLaterRoots: string[];
}) {
  const {
    entry,
    publicRoots,
    firstScreenRoots,
    offlineRoots,
    signInRoots,
    overlayRoots,
    agentScreenRoots,
    offlineLaterRoots,
  } = options;
  const landingRoot = publicRoots[0]!;
  // The groups, worked out once per build: the bundler asks for every module's group, and
  // hands each call a fresh view of its graph, so nothing in the call can key a cache.
  // `plugin` forgets them when a build starts (a watch rebuild's graph differs).
  let computed: Map<string, string> | null = null;

  function groupsOf(graph: Graph): Map<string, string> {
    const none = new Set<string>();
    const atStart = staticClosure(graph, [entry], none);
    const landing = staticClosure(graph, [landingRoot], atStart);
    const publicPages = staticClosure(graph, publicRoots, atStart);
    const firstScreen = staticClosure(graph, firstScreenRoots, atStart);
    const signedIn = staticClosure(graph, [...firstScreenRoots, ...offlineRoots], atStart);
    const signIn = staticClosure(graph, signInRoots, atStart);
    const overlays = staticClosure(graph, overlayRoots, atStart);
    const agentScreens = staticClosure(graph, agentScreenRoots, atStart);
    const offlineLater = staticClosure(graph, offlineLaterRoots, atStart);
    const groups = new Map<string, string>();
    // Mantine's component sheets go with their components (build/mantine-component-styles.ts):
    // left to the bundler, each became a stylesheet of its own, and the first screen
    // loaded a dozen.
    const grouped = (id: string) =>
      id !== entry && !id.startsWith('\0') && (!/\.css(?:$|\?)/.test(id) || isMantineSheet(id));
    for (const id of atStart) if (grouped(id)) groups.set(id, 'app-start');
    // A signed-in screen's CSS module is code too (its class names): left out of its
    // component's group, the bundler gave it a chunk of its own, which imported the group's
    // chunk and was imported by it, and the first screen failed to load ("Export … is not
    // defined"). The public pages' modules stay apart: their sheets must come after the
    // Mantine sheets of the components they style.
    const cssModule = (id: string) => /\.module\.css(?:$|\?)/.test(id);
    for (const id of signedIn) {
      if (!grouped(id) && !cssModule(id)) continue;
      if (landing.has(id)) groups.set(id, 'landing-shared');
      else if (publicPages.has(id)) groups.set(id, 'public-shared');
      else groups.set(id, firstScreen.has(id) ? 'first-screen' : 'agent-offline');
    }
    for (const id of overlays) {
      if (grouped(id) && !groups.has(id)) {
        groups.set(id, signIn.has(id) ? 'public-shared' : 'overlays');
      }
    }
    for (const id of signIn) {
      if (grouped(id) && !groups.has(id)) {
        groups.set(id, landing.has(id) ? 'landing-shared' : 'sign-in');
      }
    }
    for (const id of agentScreens) {
      const free = !groups.has(id) && !publicPages.has(id) && !offlineLater.has(id);
      if (free && (grouped(id) || cssModule(id))) {
        groups.set(id, 'agent-screens');
      }
    }
    return groups;
  }

  const codeSplitting = {
    groups: [
      {
        // The sets are closed under static imports already, but for what the entry and the
        // public pages need: taking those along too would put them in the group, and the
        // landing page would load the whole first screen.
        includeDependenciesRecursively: false,
        debugName: 'first-screen-chunks',
        name: (id: string, graph: Graph) => {
          // Another build (the service worker's) has no app to group.
          if (!graph.getModuleInfo(entry)) return null;
          computed ??= groupsOf(graph);
          return computed.get(id) ?? null;
        },
      },
    ],
  };
  return {
    codeSplitting,
    /** Forgets the groups when a build starts. */
    plugin: {
      name: 'mkopo:first-screen-chunks',
      buildStart() {
        computed = null;
        importedIds.clear();
        barrelExports.clear();
      },
    },
  };
}
