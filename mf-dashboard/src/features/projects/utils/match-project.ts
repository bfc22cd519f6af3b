export interface MatchableProject {
  skills: string[];
  category: string | null;
}
export interface ProfessionalProfile {
  skills: string[];
  categories: string[];
}

export interface ProjectMatch {
  sharedSkills: string[];
  sameCategory: boolean;
  /** Shared skills count twice as much as the category. */
  score: number;
}

/** Why a project fits a professional: skills in common (case-insensitive) and the category. */
export function matchProject(
  project: MatchableProject,
  profile: ProfessionalProfile,
): ProjectMatch {
  const mine = new Set(profile.skills.map((skill) => skill.toLowerCase()));
  const sharedSkills = project.skills.filter((skill) => mine.has(skill.toLowerCase()));
  const sameCategory = project.category !== null && profile.categories.includes(project.category);
  return { sharedSkills, sameCategory, score: sharedSkills.length * 2 + (sameCategory ? 1 : 0) };
}

/** Best fits first; equal fits keep their order (newest first from the query). */
export function rankProjects<T extends MatchableProject>(
  projects: T[],
  profile: ProfessionalProfile,
): { project: T; match: ProjectMatch }[] {
  return projects
    .map((project) => ({ project, match: matchProject(project, profile) }))
    .sort((a, b) => b.match.score - a.match.score);
}
