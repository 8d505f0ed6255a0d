-- The team screen's and the sessions screen's functions are for signed-in users only: their
-- wrappers (and the definer functions behind them) kept the schema's default grant to anon. Both
-- returned nothing to a visitor, but a visitor may execute only the functions meant for visitors.
revoke execute on function public.team_members() from public, anon;
revoke execute on function public.my_sessions() from public, anon;
revoke execute on function private.team_members() from public, anon;
revoke execute on function private.my_sessions() from public, anon;
