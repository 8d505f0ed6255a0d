-- placeholder replaced below
select 1;
