/** The transaction handle of a Foyer database. */
import type { FoyerDatabase } from '../../db/FoyerDatabase'

/** A transaction of {@link FoyerDatabase} (`db.orm.transaction`'s callback argument). */
export type Transaction = Parameters<Parameters<FoyerDatabase['orm']['transaction']>[0]>[0]
