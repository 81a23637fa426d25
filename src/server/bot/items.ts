/** The answer elements' response items live in shared code: the workspaces screen's preview draws them as the assistant sends them. */
export * from '../../shared/answer-items';
