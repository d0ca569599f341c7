// A plain model of one user group's direct members and subgroups, and one fast-check command
// class per action of POST /user_groups/{user_group_id}/members. Each command predicts the
// outcome from the model (Zulip refuses adding a member or subgroup twice and removing one that
// is not there, as a whole request), sends the request, and compares the group read back
// through GET /user_groups with the model.
import fc from 'fast-check';
import type { PropertyApi } from '../../src/property/api.js';
import { show, violated, outcome } from '../../src/property/define.js';

export const USERS = ['member2', 'moderator', 'admin'] as const;
export const SUBGROUPS = ['s1', 's2'] as const;

export interface GroupModel {
  members: Set<string>;
  subgroups: Set<string>;
}
export interface GroupReal {
  api: PropertyApi;
  group: number;
  userIds: Record<string, number>;
  subgroupIds: Record<string, number>;
}

const sorted = (s: Iterable<string>) => [...s].sort();

/** The group as the target shows it, in the model's names. */
export async function readGroup(real: GroupReal): Promise<GroupModel> {
  const body = await real.api.ok('member', 'GET', '/user_groups');
  const group = (body.user_groups as Record<string, unknown>[]).find((g) => g.id === real.group);
  violated(group !== undefined, () => `GET /user_groups does not list group ${real.group} [zulip profile]`);
  const names = (ids: Record<string, number>, got: unknown) =>
    new Set((Array.isArray(got) ? got : []).map((id) => Object.keys(ids).find((n) => ids[n] === id) ?? `#${String(id)}`));
  return { members: names(real.userIds, group!.members), subgroups: names(real.subgroupIds, group!.direct_subgroup_ids) };
}

type Kind = 'add' | 'delete' | 'add_subgroups' | 'delete_subgroups';

abstract class MembersCommand implements fc.AsyncCommand<GroupModel, GroupReal> {
  abstract readonly kind: Kind;
  constructor(readonly names: string[]) {}
  check = () => true;
  /** Would the server accept this request on the model's group? */
  abstract accepted(m: GroupModel): boolean;
  abstract apply(m: GroupModel): void;
  async run(m: GroupModel, real: GroupReal): Promise<void> {
    const ids = this.names.map((n) => (this.kind.endsWith('subgroups') ? real.subgroupIds[n] : real.userIds[n]));
    const answer = await real.api.call('member', 'POST', `/user_groups/${real.group}/members`, { [this.kind]: ids });
    const { body, request } = answer;
    const accept = this.accepted(m);
    const param = `op7.${this.kind.replace('_', '-')}`;
    if (accept)
      violated(
        body.result === 'success',
        () =>
          `${this.toString()} on members ${show(sorted(m.members))} subgroups ${show(sorted(m.subgroups))}: expected success, got ${outcome(body)} (${request})`,
        { clause: param, answer },
      );
    else
      violated(
        body.result === 'error',
        () =>
          `${this.toString()} on members ${show(sorted(m.members))} subgroups ${show(sorted(m.subgroups))}: expected an error, got success (${request}) [zulip profile]`,
        { clause: 'op7.membership-rules', answer, zulip: true },
      );
    if (accept) this.apply(m);
    const got = await readGroup(real);
    violated(
      show(sorted(got.members)) === show(sorted(m.members)) && show(sorted(got.subgroups)) === show(sorted(m.subgroups)),
      () =>
        `after ${this.toString()}: GET /user_groups shows members ${show(sorted(got.members))} subgroups ${show(sorted(got.subgroups))}, the model ${show(sorted(m.members))} ${show(sorted(m.subgroups))}`,
      { clause: `${param}.effect`, answer, zulip: true },
    );
  }
  toString(): string {
    return `${this.kind}(${this.names.join(',')})`;
  }
}

export class AddMembers extends MembersCommand {
  readonly kind = 'add';
  accepted = (m: GroupModel) => this.names.every((n) => !m.members.has(n));
  apply = (m: GroupModel) => this.names.forEach((n) => m.members.add(n));
}
export class DeleteMembers extends MembersCommand {
  readonly kind = 'delete';
  accepted = (m: GroupModel) => this.names.every((n) => m.members.has(n));
  apply = (m: GroupModel) => this.names.forEach((n) => m.members.delete(n));
}
export class AddSubgroups extends MembersCommand {
  readonly kind = 'add_subgroups';
  accepted = (m: GroupModel) => this.names.every((n) => !m.subgroups.has(n));
  apply = (m: GroupModel) => this.names.forEach((n) => m.subgroups.add(n));
}
export class DeleteSubgroups extends MembersCommand {
  readonly kind = 'delete_subgroups';
  accepted = (m: GroupModel) => this.names.every((n) => m.subgroups.has(n));
  apply = (m: GroupModel) => this.names.forEach((n) => m.subgroups.delete(n));
}

const users = fc.uniqueArray(fc.constantFrom(...USERS), { minLength: 1, maxLength: 2 });
const subgroups = fc.uniqueArray(fc.constantFrom(...SUBGROUPS), { minLength: 1, maxLength: 2 });

export const groupCommands = fc.commands(
  [
    users.map((n) => new AddMembers(n)),
    users.map((n) => new DeleteMembers(n)),
    subgroups.map((n) => new AddSubgroups(n)),
    subgroups.map((n) => new DeleteSubgroups(n)),
  ],
  { maxCommands: 4 },
);
