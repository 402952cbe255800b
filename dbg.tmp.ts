import { readDocument } from './core/formats';
import { validateDocument } from './core/validate';
const cases: [string,string][] = [
 ['file:///r/glossary.yml', "version: 1\nsource: DataHub\nnodes:\n  - name: Classification\n\tterms:\n      - name: PII\n"],
 ['file:///r/glossary.yml', "version: 1\nsource: DataHub\nnodes:\n  - name: A\n    description: |\n  not indented\n    terms: []\n"],
 ['file:///r/glossary.yml', "version: 1\nnodes:\n  - name: A\n      terms:\n        - name: x\n"],
 ['file:///r/structured_properties.yaml', "- id: x\n\ttype: string\n"],
];
for (const [uri, text] of cases) {
  const model = readDocument(uri, text, { associations: uri.includes('props') ? {'*.yaml':'propertyDefinitions'} : undefined });
  console.log(uri, model.format, JSON.stringify(model.parseProblems), validateDocument({ model, text }).map(d=>d.code+' '+d.message));
}
const t = "- id: x\n\ttype: string\n";
const m = readDocument('file:///r/p.yaml', t, { associations: {'*.yaml':'propertyDefinitions'} });
console.log(validateDocument({ model: m, text: t }).map(d=>d.code+' '+d.message));
