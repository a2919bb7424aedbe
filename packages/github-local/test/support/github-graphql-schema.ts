import { schema as published } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  parse,
  validate,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/**
 * GitHub's published GraphQL schema (@octokit/graphql-schema's introspection result; its SDL file
 * defines some fields twice, so it is not loadable as SDL), for checking documents and the local
 * host's schema against it.
 */

let github: GraphQLSchema | undefined;

export function githubSchema(): GraphQLSchema {
  if (!github) {
    github = buildClientSchema(published.json as IntrospectionQuery);
  }
  return github;
}

/** Throws with GitHub's validation messages unless `document` is a valid query against GitHub's schema. */
export function expectValidGitHubQuery(document: string): void {
  const errors = validate(githubSchema(), parse(document));
  if (errors.length > 0)
    throw new Error(
      `Not valid against GitHub's GraphQL schema:\n${errors.map((error) => `  ${error.message}`).join('\n')}`,
    );
}

function fieldSignature(field: GraphQLField<unknown, unknown>): string {
  const args = [...field.args]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(
      (arg) =>
        `${arg.name}: ${String(arg.type)}${arg.defaultValue === undefined ? '' : ` = ${JSON.stringify(arg.defaultValue)}`}`,
    );
  return `(${args.join(', ')}): ${String(field.type)}`;
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return 'object';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  if (isEnumType(type)) return 'enum';
  if (isInputObjectType(type)) return 'input';
  return isScalarType(type) ? 'scalar' : 'unknown';
}

/**
 * Every way `sdl` is not a strict subset of GitHub's schema: unknown types, a different kind, fields
 * or arguments GitHub does not have, different type signatures or defaults, interfaces GitHub's type
 * does not implement, enum values it does not define. Empty when it is a subset.
 */
export function subsetViolations(sdl: string): string[] {
  const local = buildSchema(sdl);
  const remote = githubSchema();
  const problems: string[] = [];
  for (const type of Object.values(local.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const theirs = remote.getType(type.name);
    if (!theirs) {
      problems.push(`type ${type.name} does not exist on GitHub`);
      continue;
    }
    if (kindOf(type) !== kindOf(theirs)) {
      problems.push(`${type.name} is ${kindOf(type)} here but ${kindOf(theirs)} on GitHub`);
      continue;
    }
    if (
      (isObjectType(type) || isInterfaceType(type)) &&
      (isObjectType(theirs) || isInterfaceType(theirs))
    ) {
      const theirInterfaces = new Set(theirs.getInterfaces().map((entry) => entry.name));
      for (const entry of type.getInterfaces()) {
        if (!theirInterfaces.has(entry.name))
          problems.push(`${type.name} implements ${entry.name} here, not on GitHub`);
      }
      const theirFields = theirs.getFields();
      for (const field of Object.values(type.getFields())) {
        const match = theirFields[field.name];
        if (!match) {
          problems.push(`${type.name}.${field.name} does not exist on GitHub`);
          continue;
        }
        // Arguments may be a subset: compare our arguments against GitHub's same-named ones.
        const theirArgs = new Map(match.args.map((arg) => [arg.name, arg]));
        for (const arg of field.args) {
          const other = theirArgs.get(arg.name);
          if (!other)
            problems.push(`${type.name}.${field.name}(${arg.name}) does not exist on GitHub`);
          else if (
            String(arg.type) !== String(other.type) ||
            JSON.stringify(arg.defaultValue) !== JSON.stringify(other.defaultValue)
          ) {
            problems.push(
              `${type.name}.${field.name}(${arg.name}) is ${String(arg.type)} here but ${String(other.type)} on GitHub`,
            );
          }
        }
        // A required argument GitHub has but we omit would make our documents invalid there.
        for (const other of match.args) {
          if (
            String(other.type).endsWith('!') &&
            other.defaultValue === undefined &&
            !field.args.some((arg) => arg.name === other.name)
          ) {
            problems.push(
              `${type.name}.${field.name} lacks GitHub's required argument ${other.name}`,
            );
          }
        }
        if (String(field.type) !== String(match.type)) {
          problems.push(
            `${type.name}.${field.name} is ${fieldSignature(field)} here but ${fieldSignature(match)} on GitHub`,
          );
        }
      }
    }
    if (isEnumType(type) && isEnumType(theirs)) {
      const values = new Set(theirs.getValues().map((value) => value.name));
      for (const value of type.getValues())
        if (!values.has(value.name))
          problems.push(`${type.name}.${value.name} does not exist on GitHub`);
    }
  }
  return problems;
}
