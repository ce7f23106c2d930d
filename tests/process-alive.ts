/** Whether a process of this id runs on this machine (signal 0 only asks): the test passes' leftover folders carry it. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
