// Writes test/fixtures/datahub-graphql-facts.graphql from DataHub's schema in the reference folder:
// the facts of it the client's documents use (test/support/datahubSchemaFacts.ts).
import { writeFileSync } from 'node:fs';
import { buildDatahubSchema } from '../test/support/datahubSchema';
import { CLIENT_DOCUMENTS } from '../test/support/clientDocuments';
import { FACTS_FILE, schemaFacts } from '../test/support/datahubSchemaFacts';

const text = schemaFacts(buildDatahubSchema(), CLIENT_DOCUMENTS.map(([, document]) => document));
writeFileSync(FACTS_FILE, text);
console.log(`wrote ${FACTS_FILE} (${text.length} bytes)`);
