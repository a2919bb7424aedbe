import type { TableGroup } from '../../../infra/aws/group-needs';
import type { Synthesised } from './synth';

export type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  Metadata?: Record<string, string>;
};

/** Lookups in a synthesised stack's template: resources by type, a group's function, role, policy statements and actions, the HTTP API's routes. */
export function stackTemplate(synth: Synthesised) {
  const resources = synth.template.toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) =>
    Object.entries(resources).filter(([, resource]) => resource.Type === type);
  const functionOf = (group: TableGroup) => resources[synth.logicalIdOf(group)]!;
  const roleOf = (group: TableGroup) =>
    functionOf(group).Properties.Role['Fn::GetAtt'][0] as string;
  const policyStatementsOf = (group: TableGroup) => {
    const roleId = roleOf(group);
    return ofType('AWS::IAM::Policy')
      .filter(([, policy]) =>
        policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
      )
      .flatMap(
        ([, policy]) =>
          policy.Properties.PolicyDocument.Statement as {
            Action: string | string[];
            Resource: unknown;
            Condition?: unknown;
          }[],
      );
  };
  const actionsOf = (group: TableGroup) =>
    policyStatementsOf(group)
      .flatMap((statement) => [statement.Action].flat())
      .sort();

  /** Routes as the template has them: route key → the group of the function its integration calls. */
  function templateRoutes() {
    return ofType('AWS::ApiGatewayV2::Route').map(([, route]) => {
      const integrationId = (route.Properties.Target['Fn::Join'][1] as unknown[])[1] as {
        Ref: string;
      };
      const uri = resources[integrationId.Ref]!.Properties.IntegrationUri as {
        'Fn::GetAtt': [string, string];
      };
      return {
        routeKey: route.Properties.RouteKey as string,
        target: synth.groupOf(uri['Fn::GetAtt'][0]),
      };
    });
  }

  return { resources, ofType, functionOf, roleOf, policyStatementsOf, actionsOf, templateRoutes };
}

export type StackTemplate = ReturnType<typeof stackTemplate>;
