import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { actionLabel, summariseChange } from './audit';
import { createBlocker, createTeamError, inviteAnswerError, parseEmails, parsePercent, teamLoadError, teamsListError } from './rules';

describe('the create-team rule', () => {
  it('asks for a name first, then a vehicle, then lets the form go', () => {
    expect(createBlocker('', [])).toBe('Please enter a team name');
    expect(createBlocker('   ', ['car-1'])).toBe('Please enter a team name');
    expect(createBlocker('Crew', [])).toBe('Please select at least one vehicle');
    expect(createBlocker('Crew', ['car-1'])).toBeNull();
  });
});

describe('invitation emails', () => {
  it('splits on commas and lines, trims, lower-cases and keeps each once', () => {
    expect(parseEmails(' A@x.com,b@x.com\n\nc@x.com ;a@X.com ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(parseEmails(' , \n ')).toEqual([]);
  });

  it('takes a share from 0 to 100 with two decimals at most', () => {
    expect(parsePercent('12.5')).toBe(12.5);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(100);
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
    expect(parsePercent('ten')).toBeNull();
  });
});

describe('failure texts', () => {
  const refused = (message?: string) => new ApiError(409, 'team_not_found', message ?? 'Request failed (409)', message ? { error: 'team_not_found', message } : null);

  it('teams list: the server message, else no response, else the fallback', () => {
    expect(teamsListError(refused('Token expired'))).toBe('Token expired');
    expect(teamsListError(new TypeError('Failed to fetch'))).toBe('No response from server');
    expect(teamsListError(refused())).toBe('Failed to fetch teams');
  });

  it('team page, create and invitation answers', () => {
    expect(teamLoadError(refused('Team not found'))).toBe('Team not found');
    expect(teamLoadError(new TypeError('x'))).toBe('Failed to fetch team data.');
    expect(createTeamError(refused('Car in another team'))).toBe('Failed to create team: Car in another team');
    expect(createTeamError(refused())).toBe('Failed to create team: Unknown error');
    expect(createTeamError(new TypeError('x'))).toBe('An error occurred while creating the team.');
    expect(inviteAnswerError(refused('This invitation has expired'))).toBe('This invitation has expired');
    expect(inviteAnswerError(new TypeError('x'))).toBe('An error occurred while handling the invitation.');
  });
});

describe('the audit log', () => {
  it('names actions and summarises before and after', () => {
    expect(actionLabel('team_renamed')).toBe('Renamed the team');
    expect(actionLabel('price_changed')).toBe('Price changed');
    expect(summariseChange({ before: { teamName: 'A' } as never, after: { teamName: 'B' } as never })).toBe('teamName: A → B');
    expect(summariseChange({ before: {} as never, after: { email: 'a@x.com', status: 'accepted' } as never })).toBe('email: a@x.com; status: accepted');
    expect(summariseChange({ before: { carIds: ['1'] } as never, after: { carIds: ['1', '2'] } as never })).toBe('carIds: 1 → 1, 2');
  });
});
