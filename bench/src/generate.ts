import { sql } from 'drizzle-orm';
import { schema, type Db } from '@reqloom/server';

const { categories, documentLinks, documents, projects, projectUsers, requirementLinks, requirements } = schema;

export type Shape = {
  documents: number;
  requirementsPerDocument: number;
  categoriesPerDocument: number;
  links: number;
  /** Names and descriptions drawn from a vocabulary (some words accented), as the search bench needs. */
  varied?: boolean;
  /** The parent of document d (d ≥ 1); the one before it by default, a chain. The map bench makes a tree. */
  parentOf?: (d: number) => number;
};

/** Words of requirements, some accented: a word matches a share of them that the search bench reports. */
export const VOCABULARY = (
  'valve pump sensor pressure temperature flow tank pipe motor controller display alarm operator command ' +
  'response timeout failure recovery backup power supply battery voltage current signal filter relay switch ' +
  'électrovanne débit température contrôle sécurité vérification réservoir capteur étanchéité arrêt démarrage ' +
  'network message protocol checksum latency bandwidth storage memory processor firmware software hardware ' +
  'interface connector cable shield ground isolation insulation enclosure cooling heating ventilation humidity ' +
  'calibration accuracy resolution range threshold limit margin tolerance redundancy availability reliability ' +
  'maintenance inspection test validation verification review approval release version configuration baseline ' +
  'login password session account role permission audit journal report export import archive retention ' +
  'startup shutdown standby emergency manual automatic override interlock sequence cycle schedule timer ' +
  'actuator adapter aerial airflow algorithm allocation amplifier analyser anchor antenna aperture arbiter armature assembly attenuator axis baffle ballast bandpass barrier baseline bearing bellows bezel binder blower bolt boundary bracket breaker buffer burner bushing bypass cabinet caliper canister capacitor carrier casing cathode chassis chiller circuit clamp clutch coil collector column combustor compressor condenser conduit console contactor converter coupler crank damper dashboard decoder detector diaphragm diode dispatcher distributor divider dongle drain driver duct dynamo ejector electrode emitter encoder engine equaliser evaporator exchanger exhaust expander fan fastener feeder fitting flange flap float fuse gasket gateway gauge gearbox generator gimbal governor grille handle harness header heater hinge hopper hose housing hub hydrant igniter impeller indicator inductor injector inlet inverter joint keypad latch lens lever limiter linkage lock loop manifold meter mixer modem module monitor mount muffler nozzle oscillator outlet panel piston plug plunger poller port potentiometer pulley purge radiator rail receiver rectifier reducer register regulator repeater resistor resonator rotor router scanner screen seal selector separator servo shaft sleeve socket solenoid spindle spring sprocket stator strainer strut terminal thermostat throttle transducer transformer transmitter trigger turbine valve vent washer winch winding wiper ammeter anémomètre bride chaudière clapet coffret compteur disjoncteur échangeur écrou fusible jauge manomètre moteur onduleur pompe raccord régulateur sonde soupape tuyère vanne ventilateur'
).split(' ');
// Words every requirement has: they carry no search, as in real text.
const FILLER = ['the', 'system', 'shall', 'when', 'and', 'within', 'of', 'the', 'to', 'be'];

/** `words` words of the vocabulary, with a filler word between each two. */
function sentence(random: () => number, words: number): string {
  return Array.from(
    { length: words },
    (_, i) =>
      `${VOCABULARY[Math.floor(random() * VOCABULARY.length)]!} ${FILLER[(i * 7 + Math.floor(random() * 3)) % FILLER.length]!}`,
  ).join(' ');
}

/** `--scale`: small for a smoke run, 20k the default, 100k the large project of issue 8; 10k and 50k for the benchmark page. */
export const SCALES = {
  small: { documents: 3, requirementsPerDocument: 100, categoriesPerDocument: 5, links: 200 },
  '10k': { documents: 20, requirementsPerDocument: 500, categoriesPerDocument: 10, links: 10_000 },
  '20k': { documents: 20, requirementsPerDocument: 1000, categoriesPerDocument: 20, links: 20_000 },
  '50k': { documents: 20, requirementsPerDocument: 2500, categoriesPerDocument: 30, links: 50_000 },
  '100k': { documents: 20, requirementsPerDocument: 5000, categoriesPerDocument: 50, links: 100_000 },
} satisfies Record<string, Shape>;
export type ScaleName = keyof typeof SCALES;

/**
 * Deterministic pseudo-random numbers in [0, 1) (mulberry32: 32-bit state, period 2^32), so that every
 * run measures the same data. The former generator multiplied in floating point, lost precision and
 * cycled after 10,466 values, so the bench made about half of the links it claimed.
 */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Exactly `count` distinct (parent, child) pairs, spread evenly over the linked document pairs: pair k joins a
 * random requirement of document parentOf(d) (d-1 unless told) to a random one of document d, d = 1 + k mod (n-1).
 * A repeated pair is drawn again (bounded); the count is asserted, never silently short.
 */
export function linkPairs(
  requirementIds: number[][],
  count: number,
  random: () => number,
  parentOf: (d: number) => number = (d) => d - 1,
): [number, number][] {
  const documentsCount = requirementIds.length;
  if (documentsCount < 2) throw new Error('links need at least two documents');
  const possible = requirementIds
    .slice(1)
    .reduce((n, ids, d) => n + ids.length * requirementIds[parentOf(d + 1)]!.length, 0);
  if (count > possible / 2) throw new Error(`${count} links asked, too many for ${possible} possible pairs`);
  const seen = new Set<string>();
  const pairs: [number, number][] = [];
  let attempts = 0;
  while (pairs.length < count) {
    if (++attempts > count * 10) throw new Error(`only ${pairs.length} distinct links of ${count} after ${attempts}`);
    const d = 1 + (pairs.length % (documentsCount - 1));
    const parents = requirementIds[parentOf(d)]!;
    const children = requirementIds[d]!;
    const parent = parents[Math.floor(random() * parents.length)]!;
    const child = children[Math.floor(random() * children.length)]!;
    const key = `${parent}:${child}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push([parent, child]);
  }
  return pairs;
}

/**
 * A project of `shape.documents` documents chained parent to child (each document the child of the one
 * before), with categories two levels deep, requirements spread over them, and links between the
 * requirements of consecutive documents. Written straight to the database: generating through the API
 * would measure the generator, not the reads.
 */
export async function generateProject(db: Db, ownerId: number, shape: Shape) {
  const random = rng(42);
  const [project] = await db
    .insert(projects)
    .values({
      ownerType: 'user',
      ownerId,
      name: 'Benchmark',
      acronym: 'BEN',
      slug: `bench-${Date.now()}`,
      joinToken: 'x',
      settings: {},
    })
    .returning();
  const projectId = project!.id;
  await db.insert(projectUsers).values({ projectId, userId: ownerId, role: 'maintainer' });
  const docIds: number[] = [];
  const requirementIds: number[][] = [];
  const description =
    '<p>The system shall respond to every command within the allotted time, and report any failure to the operator.</p>';
  for (let d = 0; d < shape.documents; d++) {
    const [doc] = await db
      .insert(documents)
      .values({
        projectId,
        name: `Document ${String(d).padStart(2, '0')}`,
        acronym: `D${d}`,
        nextReferenceNumber: shape.requirementsPerDocument + 1,
      })
      .returning();
    docIds.push(doc!.id);
    const parentOf = shape.parentOf ?? ((child: number) => child - 1);
    if (d > 0) await db.insert(documentLinks).values({ parentId: docIds[parentOf(d)]!, childId: doc!.id });
    const catIds: number[] = [];
    for (let c = 0; c < shape.categoriesPerDocument; c++) {
      const parentId = c % 4 === 0 || catIds.length === 0 ? null : catIds[catIds.length - (c % 4)]!;
      const [cat] = await db
        .insert(categories)
        .values({ documentId: doc!.id, parentId, name: `Category ${c}`, acronym: `C${c}`, position: c })
        .returning({ id: categories.id });
      catIds.push(cat!.id);
    }
    const rows = Array.from({ length: shape.requirementsPerDocument }, (_, i) => ({
      documentId: doc!.id,
      categoryId: i % 10 === 0 ? null : catIds[Math.floor(random() * catIds.length)]!,
      authorId: ownerId,
      updatedBy: ownerId,
      referenceNumber: i + 1,
      name: shape.varied ? `${sentence(random, 2)} ${i}` : `Requirement ${d}.${i}: response time of command ${i}`,
      description: shape.varied
        ? `<p>The system shall ${sentence(random, 14)}.</p><p>${sentence(random, 10)}</p>`
        : description,
      status: i % 4,
      position: i,
    }));
    const ids: number[] = [];
    await insertChunked(rows, async (chunk) => {
      const inserted = await db.insert(requirements).values(chunk).returning({ id: requirements.id });
      ids.push(...inserted.map((r) => r.id));
    });
    requirementIds.push(ids);
  }
  const pairs = shape.links > 0 ? linkPairs(requirementIds, shape.links, random, shape.parentOf) : [];
  const links = pairs.map(([parentId, childId]) => ({
    parentId,
    childId,
    projectId,
  }));
  await insertChunked(links, (chunk) => db.insert(requirementLinks).values(chunk));
  const stored = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${requirementLinks} where ${requirementLinks.projectId} = ${projectId}`,
  );
  const storedRows = (Array.isArray(stored) ? stored : (stored as { rows: { n: number }[] }).rows) as { n: number }[];
  if (storedRows[0]?.n !== shape.links) throw new Error(`${storedRows[0]?.n} links stored, ${shape.links} claimed`);
  // As autovacuum would do soon after a bulk load: statistics, and the visibility map that lets reads answer from
  // an index alone (the link marks, migration 0012). Measured without it, a database that has just been loaded.
  await db.execute(sql`vacuum analyze`);
  return { projectId, documentIds: docIds, requirementIds };
}
