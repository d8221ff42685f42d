//* The layout of IBM's IEBUPDTE examples (z/OS DFSMSdfp Utilities, IEBUPDTE    
//* examples; z/OS Basic Skills, 'The IEBUPDTE utility': https://www.ibm.com/   
//* docs/en/zos-basic-skills?topic=utilities-iebupdte-utility) with TCP/IP      
//* profile members from IBM's sample profile SAMPPROF (EZAEB025).              
//TCPLOAD  JOB 1,NETPROG,MSGCLASS=X                                             
//STEP1    EXEC PGM=IEBUPDTE,PARM=NEW                                           
//SYSPRINT DD   SYSOUT=A                                                        
//SYSUT2   DD   DSNAME=SYS1.TCPPARMS,DISP=OLD                                   
//SYSIN    DD   DATA                                                            
./       ADD   LIST=ALL,NAME=PROFILE                                            
; IEBUPDTE writes 00000010, 00000020, ... into columns 73-80 of the records     
; expect-next-line: sequence-numbers                                            
ARPAGE 20                                                                       
TCPCONFIG RESTRICTLOWPORTS                                                      
./       ENDUP                                                                  
/*                                                                              
