/** Default weeks of SPEC.md "Availability and schedules", rules 2 and 3. */
export interface ScheduleValues {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
  isActive: boolean;
}

const WEEK = [0, 1, 2, 3, 4, 5, 6];
const isWorkday = (day: number): boolean => day <= 4;

/** Registration: days 0-4 active 09:00-18:00, break 13:00-14:00; days 5-6 inactive, same hours and break. */
export const defaultBusinessWeek = (): ScheduleValues[] =>
  WEEK.map((day) => ({
    dayOfWeek: day,
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: '13:00',
    breakEndTime: '14:00',
    isActive: isWorkday(day),
  }));

/** POST /schedule/master/{id}: days 0-4 active 09:00-18:00, days 5-6 inactive, no break. */
export const defaultMasterWeek = (): ScheduleValues[] =>
  WEEK.map((day) => ({
    dayOfWeek: day,
    startTime: '09:00',
    endTime: '18:00',
    breakStartTime: null,
    breakEndTime: null,
    isActive: isWorkday(day),
  }));
